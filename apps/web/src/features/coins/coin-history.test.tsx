import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { UserEdit } from '../users/user-edit.tsx';
import { myCoinHistory } from './api.ts';
import { CoinHistory } from './coin-history.tsx';

afterEach(signOut);

const HISTORY = '/api/coins/history?page=1&per_page=10';
const show = () =>
  renderPage(<CoinHistory source={myCoinHistory} empty={<p>Go and earn some.</p>} />, { path: '/', url: '/' });

describe('coin history', () => {
  it('shows each entry with its kind, reason, a signed and coloured amount and the balance after', async () => {
    await signIn({
      [`GET ${HISTORY}`]: page(
        [
          entry({ id: 'a', amount: 500, balance_after: 1250, kind: 'redeem', reason: 'Code WELCOME' }),
          entry({ id: 'b', amount: -250, balance_after: 750, kind: 'store', reason: '1 × 1024 ram', reference: 'ram' }),
        ],
        { balance: 1250 },
      ),
    });
    await show();
    const rows = await screen.findAllByTestId('coin-entry');
    expect(rows).toHaveLength(2);
    const [gain, spend] = rows.map((r) => within(r as HTMLElement));
    expect(gain?.getByText('Redeemed code')).toBeInTheDocument();
    expect(gain?.getByTestId('coin-reason')).toHaveTextContent('Code WELCOME');
    expect(gain?.getByTestId('coin-amount')).toHaveTextContent('+500');
    expect(gain?.getByTestId('coin-amount').className).toMatch(/emerald/);
    expect(rows[0]).toHaveTextContent('1,250');
    expect(spend?.getByText('Store purchase')).toBeInTheDocument();
    // The server's "1 × 1024 ram", in the member's language and with its unit.
    expect(spend?.getByTestId('coin-reason')).toHaveTextContent('Memory: 1 × 1,024 MB');
    expect(spend?.getByTestId('coin-amount')).toHaveTextContent('-250');
    expect(spend?.getByTestId('coin-amount').className).toMatch(/rose/);
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('1,250 coins');
    expect(screen.getByRole('table', { name: 'Coin history' })).toBeInTheDocument();
  });

  it('says what to do next when nothing has moved yet', async () => {
    await signIn({ [`GET ${HISTORY}`]: page([], { balance: 0 }) });
    await show();
    expect(await screen.findByTestId('coin-empty')).toHaveTextContent('Go and earn some.');
  });

  it('filters by kind and pages through the history', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [`GET ${HISTORY}`]: page([entry()], { balance: 1500, total: 15, total_pages: 2, next_cursor: '41' }),
      // The next page is asked for after the last line seen (keyset), its number only echoed back.
      'GET /api/coins/history?page=2&per_page=10&cursor=41': page([entry({ id: 'old', reason: 'Older' })], {
        balance: 1500,
        page: 2,
        total: 15,
        total_pages: 2,
        next_cursor: null,
      }),
      'GET /api/coins/history?page=1&per_page=10&kind=gift_in': page([], { balance: 1500 }),
    });
    await show();
    await screen.findAllByTestId('coin-entry');
    expect(screen.getByText('Page 1 of 2 · 15 in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2 · 15 in all')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2 · 15 in all')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Gift received');
    expect(await screen.findByTestId('coin-empty')).toHaveTextContent('No entries of the kind “Gift received”.');
    expect(calls.some((c) => c.path.endsWith('kind=gift_in'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show all kinds' }));
    expect(await screen.findAllByTestId('coin-entry')).toHaveLength(1);
  });
});

describe('coin history on the admin user page', () => {
  const ID = '33333333-3333-4333-8333-333333333333';
  const user = {
    id: ID,
    username: 'ada',
    email: 'ada@example.com',
    first_name: null,
    last_name: null,
    role_id: 1,
    role_display_name: 'Member',
    verified: true,
    banned: false,
    ban_reason: null,
    two_fa_enabled: false,
    coins: 100,
    memory_limit: 1024,
    cpu_limit: 100,
    disk_limit: 2048,
    server_limit: 1,
    allocation_limit: 1,
    database_limit: 0,
    backup_limit: 0,
    last_seen: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
  };

  it('sits under the coin adjustment and reloads after one', async () => {
    const u = userEvent.setup();
    let balance = 100;
    const calls = await signIn(
      {
        [`GET /api/admin/users/${ID}`]: () => ({ success: true, data: { ...user, coins: balance } }),
        [`GET /api/admin/users/${ID}/sessions`]: { success: true, data: [] },
        [`GET /api/admin/users/${ID}/audit`]: page([]),
        'GET /api/admin/roles?per_page=100&sort=level': page([]),
        [`GET /api/admin/users/${ID}/coins?page=1&per_page=10`]: () =>
          page(
            balance === 100
              ? []
              : [entry({ amount: 50, balance_after: 150, kind: 'admin_adjustment', reason: 'Event prize' })],
            { balance },
          ),
        [`POST /api/admin/users/${ID}/coins`]: () => {
          balance = 150;
          return { success: true, data: { ...user, coins: 150 } };
        },
      },
      { permissions: ['admin.root'] },
    );
    await renderPage(<UserEdit />, { path: '/mc-admin/users/:id/edit', url: `/mc-admin/users/${ID}/edit` });
    const history = await screen.findByTestId('coin-history');
    expect(await within(history).findByTestId('coin-empty')).toHaveTextContent(
      'No coins have moved for this member yet',
    );
    await u.type(screen.getByLabelText('Amount'), '50');
    await u.type(screen.getByLabelText('Reason'), 'Event prize');
    await u.click(screen.getByRole('button', { name: 'Adjust the balance' }));
    const row = await within(history).findByTestId('coin-entry');
    expect(row).toHaveTextContent('Adjusted by staff');
    expect(row).toHaveTextContent('+50');
    await waitFor(() => expect(within(history).getByTestId('coin-balance')).toHaveTextContent('150 coins'));
    expect(calls.filter((c) => c.path.startsWith(`/api/admin/users/${ID}/coins?`))).toHaveLength(2);
  });
});
