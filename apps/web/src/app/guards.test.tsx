import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeReturnPath } from '../lib/return-path.ts';
import { adminNav, visibleEntries } from './nav.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sessionFor = (role: number, permissions: string[]) => ({
  success: true,
  error_code: null,
  user_info: { uuid: 'u', username: 'ada', role },
  billing: {},
  stats: {},
  permissions,
});

let guards: typeof import('./guards.tsx');
let dialogs: typeof import('../lib/dialogs.ts');
beforeEach(async () => {
  vi.resetModules();
  guards = await import('./guards.tsx');
  dialogs = await import('../lib/dialogs.ts');
});
afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.dialogStore.close();
});

function renderAt(path: string) {
  const { RequireSession, RequirePermission, GuestOnly } = guards;
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <GuestOnly />, children: [{ index: true, element: <p>login page</p> }] },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/errors/403', element: <p>forbidden page</p> },
      {
        element: <RequireSession />,
        children: [
          { path: '/account', element: <p>account page</p> },
          {
            path: '/mc-admin/settings',
            element: <RequirePermission permission="admin.settings.view" />,
            children: [{ index: true, element: <p>settings page</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('routing rules', () => {
  it('a protected route without a session stores the full path and goes to login', async () => {
    renderAt('/account?tab=security#sessions');
    await screen.findByText('login page');
    expect(takeReturnPath()).toBe('/account?tab=security#sessions');
    expect(takeReturnPath()).toBe('/dashboard');
  });

  it('an auth page with a session goes to the dashboard', async () => {
    document.cookie = 'user_session=1; path=/';
    renderAt('/auth/login');
    await screen.findByText('dashboard page');
  });

  it('an admin route for a member (role 1) goes to the dashboard', async () => {
    document.cookie = 'user_session=1; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(sessionFor(1, ['admin.settings.view']))),
    );
    renderAt('/mc-admin/settings');
    await screen.findByText('dashboard page');
  });

  it('an admin without the page permission sees Access Denied, then /errors/403', async () => {
    document.cookie = 'user_session=1; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(sessionFor(3, ['admin.tickets.list']))),
    );
    renderAt('/mc-admin/settings');
    await waitFor(() =>
      expect(dialogs.dialogStore.get()).toEqual({
        title: 'access.deniedTitle',
        message: 'access.deniedMessage',
        next: '/errors/403',
      }),
    );
    expect(screen.queryByText('settings page')).toBeNull();
  });

  it('an admin with the permission (or admin.root) sees the page', async () => {
    document.cookie = 'user_session=1; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(sessionFor(8, ['admin.root']))),
    );
    renderAt('/mc-admin/settings');
    await screen.findByText('settings page');
  });
});

describe('admin navigation', () => {
  it('shows only the entries whose permission the member holds', () => {
    const paths = visibleEntries(adminNav, ['admin.tickets.list', 'admin.settings.view']).map((e) => e.path);
    expect(paths).toEqual(['/mc-admin/tickets', '/mc-admin/settings', '/mc-admin/settings/old']);
    expect(visibleEntries(adminNav, ['admin.root'])).toHaveLength(adminNav.length);
    expect(visibleEntries(adminNav, [])).toEqual([]);
  });
});
