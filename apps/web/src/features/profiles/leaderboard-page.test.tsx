import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ME, member, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { LeaderboardPage } from './leaderboard-page.tsx';

afterEach(signOut);

const open = (url = '/leaderboard') => renderPage(<LeaderboardPage />, { path: '/leaderboard', url });
const board = (by: string, values: number[]) => ({
  success: true,
  by,
  entries: values.map((value, i) => ({
    ...member({ uuid: i === 3 ? ME : `m-${i}`, username: i === 3 ? 'me' : `player${i + 1}` }),
    rank: i + 1,
    value,
  })),
});

describe('the leaderboard', () => {
  it('opens on the tab the URL names and ranks the members by it', async () => {
    await signIn(
      { 'GET /api/leaderboard?by=servers': board('servers', [12, 5, 3, 1, 1]) },
      {
        settings: { leaderboard_enabled: true },
      },
    );
    await open('/leaderboard?by=servers');
    expect(screen.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Coins' })).toHaveAttribute('aria-selected', 'false');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0] as HTMLElement).getByTestId('leaderboard-value')).toHaveTextContent('12 servers');
    expect(within(rows[4] as HTMLElement).getByTestId('leaderboard-value')).toHaveTextContent('1 server');
    expect(rows[0]).toHaveAttribute('href', '/profile/m-0');
    expect(rows[0]?.className).toMatch(/amber/);
    expect(rows[2]?.className).toMatch(/orange/);
    expect(rows[4]?.className).not.toMatch(/amber|orange/);
  });

  it('with profiles private, links only the member’s own row (the others would be refused)', async () => {
    await signIn(
      { 'GET /api/leaderboard?by=coins': board('coins', [900, 800, 700, 600]) },
      { settings: { leaderboard_enabled: true, allow_public_profiles: false } },
    );
    await open('/leaderboard?by=coins');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows.slice(0, 3).every((r) => !r.hasAttribute('href'))).toBe(true);
    expect(rows[3]).toHaveAttribute('href', `/profile/${ME}`);
  });

  it('highlights the member’s own row', async () => {
    await signIn(
      { 'GET /api/leaderboard?by=coins': board('coins', [900, 800, 700, 600]) },
      {
        settings: { leaderboard_enabled: true },
      },
    );
    await open();
    const rows = await screen.findAllByTestId('leaderboard-row');
    const mine = rows.filter((r) => r.hasAttribute('data-me'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveAttribute('aria-current', 'true');
    expect(mine[0]).toHaveTextContent('me');
    expect(mine[0]).toHaveTextContent('You');
    expect(mine[0]).toHaveTextContent('600 coins');
  });

  it('switches tabs by click and by arrow keys, keeping the choice in the URL', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'GET /api/leaderboard?by=coins': board('coins', [10]),
        'GET /api/leaderboard?by=referrals': board('referrals', [2]),
        'GET /api/leaderboard?by=afk': board('afk', [90]),
      },
      { settings: { leaderboard_enabled: true } },
    );
    const { router } = await open();
    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    expect(router.state.location.search).toBe('?by=referrals');
    expect(await screen.findByText('2 referrals')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?by=afk');
    expect(screen.getByRole('tab', { name: 'AFK minutes' })).toHaveFocus();
    expect(await screen.findByText('90 minutes')).toBeInTheDocument();
  });

  it('says what to do when nobody is ranked yet', async () => {
    await signIn({ 'GET /api/leaderboard?by=coins': board('coins', []) }, { settings: { leaderboard_enabled: true } });
    await open();
    expect(await screen.findByTestId('leaderboard-empty')).toHaveTextContent('Earn coins to be first on the board.');
  });

  it('says it is switched off, from the setting or from the server', async () => {
    await signIn({}, { settings: { leaderboard_enabled: false } });
    const first = await open();
    expect(screen.getByTestId('leaderboard-off')).toHaveTextContent('The leaderboard is switched off');
    first.view.unmount();
    await signIn(
      { 'GET /api/leaderboard?by=coins': apiError(403, 'FEATURE_DISABLED') },
      {
        settings: { leaderboard_enabled: true },
      },
    );
    await open();
    expect(await screen.findByTestId('leaderboard-off')).toBeInTheDocument();
  });
});
