import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { entry, ME, page, profile, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AccountPage } from './account-page.tsx';

afterEach(signOut);

describe('my account', () => {
  it('shows who the member is, links to the public profile and lists the coin history', async () => {
    await signIn(
      {
        [`GET /api/profiles/${ME}`]: {
          success: true,
          data: profile({ uuid: ME, username: 'me', joined_at: '2024-02-10T08:00:00.000Z', can_gift: false }),
        },
        'GET /api/coins/history?page=1&per_page=10': page([entry({ amount: -100, kind: 'gift_out' })], {
          balance: 1000,
        }),
      },
      { userInfo: { role_display_name: 'Helper', role_color: '#22d3ee', first_name: 'Mia', last_name: 'Ellis' } },
    );
    await renderPage(<AccountPage />, { path: '/account', url: '/account' });
    expect(screen.getByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText('Mia Ellis')).toBeInTheDocument();
    expect(screen.getByTestId('account-username')).toHaveTextContent('me');
    expect(screen.getByTestId('account-email')).toHaveTextContent('me@example.com');
    expect(within(screen.getByTestId('account-role')).getByTestId('role-badge')).toHaveTextContent('Helper');
    expect(await screen.findByText('Feb 10, 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my public profile' })).toHaveAttribute('href', `/profile/${ME}`);
    expect(screen.getByRole('link', { name: 'Set up two-factor' })).toHaveAttribute('href', '/auth/2fa/setup');
    const row = await screen.findByTestId('coin-entry');
    expect(row).toHaveTextContent('Gift sent');
    expect(within(row).getByTestId('coin-amount')).toHaveTextContent('-100');
  });

  it('points to redeeming a code while no coins have moved, when codes can be redeemed', async () => {
    const history = { 'GET /api/coins/history?page=1&per_page=10': page([], { balance: 0 }) };
    await signIn(history, { settings: { code_redemption_enabled: true } });
    const shown = await renderPage(<AccountPage />, { path: '/account', url: '/account' });
    const empty = await screen.findByTestId('coin-empty');
    expect(empty).toHaveTextContent('No coins have moved yet.');
    expect(within(empty).getByRole('link', { name: 'Redeem a code' })).toHaveAttribute('href', '/earn/redeem');
    shown.view.unmount();
    await signOut();
    // Switched off (the default), the page it leads to would only say so: no link.
    await signIn(history, { settings: { code_redemption_enabled: false } });
    await renderPage(<AccountPage />, { path: '/account', url: '/account' });
    expect(await screen.findByTestId('coin-empty')).toHaveTextContent('No coins have moved yet.');
    expect(within(screen.getByTestId('coin-empty')).queryByRole('link', { name: 'Redeem a code' })).toBeNull();
  });
});
