import { type RedirectLink, reservedPathSegments } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminRoute } from '../../app/admin-route-table.tsx';
import { memberRoutes } from '../../app/member-route-table.tsx';
import { routes } from '../../app/router.tsx';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { RedirectLinkFormPage } from './redirect-link-form.tsx';
import { RedirectLinkDelete, RedirectLinksList } from './redirect-links-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const link = (overrides: Partial<RedirectLink> = {}): RedirectLink => ({
  id: 3,
  name: 'discord',
  url: 'https://discord.gg/hostdeck',
  created_at: '2026-02-01T10:00:00.000Z',
  updated_at: '2026-02-02T10:00:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/redirect-links', element: <p>links list</p> };
const openForm = (url = '/mc-admin/redirect-links/create') =>
  renderPage(<RedirectLinkFormPage />, {
    path: url.endsWith('create') ? '/mc-admin/redirect-links/create' : '/mc-admin/redirect-links/:id/edit',
    url,
    extra: [list],
  });
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** The first path segment of every route the SPA declares (the skeleton and the tables it discovers), nested routes joined to their parents. */
function firstSegments(tree: RouteObject[], prefix = ''): string[] {
  return tree.flatMap((r) => {
    const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    const own = path.split('/').filter(Boolean)[0];
    return [...(own ? [own] : []), ...firstSegments(r.children ?? [], path)];
  });
}

describe('reserved names', () => {
  it('cover every first path segment of the SPA router, so a link never shadows a page', () => {
    const segments = new Set(firstSegments([...routes, ...memberRoutes, adminRoute]).filter((s) => s !== '*'));
    expect(segments.size).toBeGreaterThan(10);
    for (const s of segments) expect(reservedPathSegments, `/${s}`).toContain(s);
  });
});

describe('admin redirect-link form', () => {
  it('refuses other schemes and page names with clear words, before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = await signIn({}, admin);
    await openForm();
    await user.type(box('Name'), 'dashboard');
    await user.type(box('Destination'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('redirect-link-submit'));
    expect(await screen.findByText('This address is already a page of the panel')).toBeInTheDocument();
    expect(screen.getByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(box('Destination')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box('Name'));
    await user.type(box('Name'), 'bad name!');
    expect(await screen.findByText('Only lower-case letters, digits, - and _ are allowed')).toBeInTheDocument();
    for (const url of ['data:text/html,hi', 'ftp://files.example.com']) {
      await user.clear(box('Destination'));
      await user.type(box('Destination'), url);
      await user.click(screen.getByTestId('redirect-link-submit'));
      expect(box('Destination')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a link, lower-cased, and shows the address visitors will use', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/redirect-links': { success: true, data: link() } }, admin);
    await openForm();
    await user.type(box('Name'), 'Discord');
    expect(
      screen.getByText(`Lower-case letters, digits, - and _. Visitors open ${window.location.origin}/discord.`),
    ).toBeInTheDocument();
    await user.type(box('Destination'), 'https://discord.gg/hostdeck');
    await user.click(screen.getByTestId('redirect-link-submit'));
    await screen.findByText('links list');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'discord',
      url: 'https://discord.gg/hostdeck',
    });
  });

  it('puts a taken name on the name field, and edits with the loaded version', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/redirect-links/3': { success: true, data: link() },
        'PATCH /api/admin/redirect-links/3': apiError(409, 'ALREADY_EXISTS'),
      },
      admin,
    );
    await openForm('/mc-admin/redirect-links/3/edit');
    expect(await screen.findByRole('heading', { name: 'Edit /discord' })).toBeInTheDocument();
    await user.clear(box('Name'));
    await user.type(box('Name'), 'wiki');
    await user.click(screen.getByTestId('redirect-link-submit'));
    expect(await screen.findByText('Another link already uses this name.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'wiki',
      url: 'https://discord.gg/hostdeck',
      updated_at: '2026-02-02T10:00:00.000Z',
    });
  });
});

describe('admin redirect-links list', () => {
  it('shows each short address and its destination (opened safely), with the actions', async () => {
    await signIn(
      {
        'GET /api/admin/redirect-links': page([link(), link({ id: 4, name: 'wiki', url: 'https://wiki.example.com' })]),
      },
      admin,
    );
    await renderPage(<RedirectLinksList />, { path: '/mc-admin/redirect-links', url: '/mc-admin/redirect-links' });
    const row = within((await screen.findByText('/discord')).closest('tr') as HTMLElement);
    const destination = row.getByRole('link', { name: 'https://discord.gg/hostdeck' });
    expect(destination).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(row.getByTestId('edit-redirect-link')).toHaveAttribute('href', '/mc-admin/redirect-links/3/edit');
    expect(screen.getByText('/wiki')).toBeInTheDocument();
  });

  it('deletes a link after naming it', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/redirect-links/3': { success: true, data: link() },
        'DELETE /api/admin/redirect-links/3': { success: true },
      },
      admin,
    );
    await renderPage(<RedirectLinkDelete />, {
      path: '/mc-admin/redirect-links/:id/delete',
      url: '/mc-admin/redirect-links/3/delete',
      extra: [list],
    });
    expect(await screen.findByRole('heading', { name: 'Delete /discord?' })).toBeInTheDocument();
    expect(screen.getByText(/not-found page again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('links list');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/redirect-links/3')).toBe(true);
  });
});
