import type { AccountFlag } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AccountFlagsPage } from './account-flags-page.tsx';
import { FlagsLink } from './flags-link.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const person = (id: string, username: string, extra: Partial<AccountFlag['user']> = {}) => ({
  id,
  username,
  email: `${username}@example.com`,
  created_at: '2026-03-01T12:00:00.000Z',
  banned: false,
  deleted: false,
  ...extra,
});
const flag = (overrides: Partial<AccountFlag> = {}): AccountFlag => ({
  id: 7,
  reason: 'shared_ip',
  status: 'open',
  ip: '203.0.113.9',
  created_at: '2026-03-02T12:00:00.000Z',
  reviewed_at: null,
  reviewed_by: null,
  user: person('u-new', 'newbie'),
  related: [person('u-a', 'alice'), person('u-b', 'bob', { banned: true })],
  ...overrides,
});
const open = (url = '/mc-admin/users/flags') =>
  renderPage(<AccountFlagsPage />, { path: '/mc-admin/users/flags', url });

describe('the flagged accounts review', () => {
  it('lists open flags with the accounts they share with, and approves one', async () => {
    const user = userEvent.setup();
    let decided = false;
    const calls = await signIn(
      {
        'GET /api/admin/account-flags?status=open': () => page(decided ? [] : [flag()]),
        'POST /api/admin/account-flags/7/approve': () => {
          decided = true;
          return { success: true };
        },
      },
      { permissions: ['admin.users.list', 'admin.users.edit'] },
    );
    await open();
    const row = (await screen.findByTestId('flag-user')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('newbie');
    expect(row).toHaveTextContent('Shared address');
    expect(row).toHaveTextContent('203.0.113.9');
    const related = within(row).getByTestId('flag-related');
    expect(related).toHaveTextContent('alice');
    expect(related).toHaveTextContent('bob@example.com');
    expect(within(related).getByText('Banned')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'newbie' })).toHaveAttribute('href', '/mc-admin/users/u-new/edit');
    await user.click(within(row).getByTestId('flag-approve'));
    await waitFor(() => expect(screen.queryByTestId('flag-user')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/account-flags/7/approve')).toBe(true);
  });

  it('bans with a reason, and shows no decision buttons without admin.users.edit', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/account-flags?status=open': page([flag()]),
        'POST /api/admin/account-flags/7/ban': { success: true },
      },
      { permissions: ['admin.users.list', 'admin.users.edit'] },
    );
    await open();
    await user.click(await screen.findByTestId('flag-ban'));
    const confirm = screen.getByTestId('flag-ban-confirm');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByTestId('flag-ban-reason'), 'Alt of bob');
    await user.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/ban'))?.body).toEqual({ reason: 'Alt of bob' }));
    await signOut();

    await signIn({ 'GET /api/admin/account-flags?status=open': page([flag()]) }, { permissions: ['admin.users.list'] });
    await open();
    await screen.findAllByTestId('flag-user');
    expect(screen.queryByTestId('flag-approve')).toBeNull();
  });

  it('says when no account waits and what flags one; a filter without a match says so instead', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/account-flags?status=open': page([]),
        'GET /api/admin/account-flags?reason=vpn&status=open': page([]),
        'GET /api/admin/account-flags?status=banned': page([]),
      },
      { permissions: ['admin.users.list'] },
    );
    await open();
    const empty = await screen.findByTestId('resource-empty');
    expect(empty).toHaveTextContent('No account is waiting for review.');
    expect(empty).toHaveTextContent('While zero trust is on (Settings → Security)');
    expect(empty).not.toHaveTextContent(/search|create/i);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'VPN or proxy');
    await waitFor(() => expect(screen.getByTestId('resource-empty')).toHaveTextContent('Nothing matches this search'));
    expect(calls.some((c) => c.path === '/api/admin/account-flags?reason=vpn&status=open')).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Any reason');
    await user.selectOptions(screen.getByTestId('flags-status'), 'Banned');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/account-flags?status=banned')).toBe(true));
    expect(screen.getByTestId('resource-empty')).toHaveTextContent('Nothing matches this search');
    // Back to the page's own default: nothing is filtered, so the page's words come back.
    await user.selectOptions(screen.getByTestId('flags-status'), 'Waiting for review');
    await waitFor(() =>
      expect(screen.getByTestId('resource-empty')).toHaveTextContent('No account is waiting for review.'),
    );
  });

  it('the users page links here with the open count', async () => {
    await signIn(
      { 'GET /api/admin/account-flags?status=open&per_page=1': page([flag()], { total: 4 }) },
      { permissions: ['admin.users.list'] },
    );
    await renderPage(<FlagsLink />, { path: '/mc-admin/users', url: '/mc-admin/users' });
    expect(await screen.findByTestId('flags-open-count')).toHaveTextContent('4');
    expect(screen.getByTestId('flags-link')).toHaveAttribute('href', '/mc-admin/users/flags');
  });
});
