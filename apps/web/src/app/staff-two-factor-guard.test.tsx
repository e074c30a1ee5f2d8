import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import { signIn, signOut } from '../test/economy.ts';
import { RequirePermission, RequireSession } from './guards.tsx';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(() => signOut());

function SetupStandIn() {
  const state = useLocation().state as { from?: string; staffRequired?: boolean } | null;
  return <p>2fa setup from {state?.from ?? 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/2fa/setup', element: <SetupStandIn /> },
      {
        element: <RequireSession />,
        children: [
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
}

const staff = (twoFactor: boolean, required: boolean) =>
  signIn(
    {},
    {
      settings: { two_factor_required_for_staff: required },
      userInfo: { role: 8, two_fa_enabled: twoFactor },
      permissions: ['admin.settings.view'],
    },
  );

describe('two-factor required for staff (admin pages)', () => {
  it('sends staff without 2FA to the setup first, remembering the page', async () => {
    await staff(false, true);
    renderAt('/mc-admin/settings?tab=security');
    expect(await screen.findByText('2fa setup from /mc-admin/settings?tab=security')).toBeInTheDocument();
    expect(screen.queryByText('settings page')).toBeNull();
  });

  it('opens the page for staff with 2FA on', async () => {
    await staff(true, true);
    renderAt('/mc-admin/settings');
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });

  it('opens the page while the setting is off', async () => {
    await staff(false, false);
    renderAt('/mc-admin/settings');
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });
});
