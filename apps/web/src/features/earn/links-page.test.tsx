import type { LinkClaim, LinkProviderStatus, LinksOverview } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { LinksPage } from './links-page.tsx';
import { clock, durationText } from './links-time.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

const provider = (overrides: Partial<LinkProviderStatus> = {}): LinkProviderStatus => ({
  provider: 'linkvertise',
  name: 'Linkvertise',
  enabled: true,
  coins: 25,
  daily_limit: 5,
  used_today: 2,
  cooldown_seconds: 1800,
  min_seconds: 30,
  expiry_seconds: 3600,
  verified_by_provider: true,
  available_at: null,
  ...overrides,
});
const claim = (overrides: Partial<LinkClaim> = {}): LinkClaim => ({
  id: 'c-1',
  provider: 'linkvertise',
  status: 'completed',
  coins: 25,
  created_at: '2026-03-01T12:00:00.000Z',
  claimable_at: '2026-03-01T12:00:30.000Z',
  expires_at: '2026-03-01T13:00:00.000Z',
  completed_at: '2026-03-01T12:01:00.000Z',
  ...overrides,
});
const overview = (overrides: Partial<LinksOverview> = {}): LinksOverview => ({
  success: true,
  providers: [
    provider(),
    provider({ provider: 'shareus', name: 'ShareUs', enabled: false, verified_by_provider: false }),
    provider({ provider: 'generic', name: 'Shorty', coins: 10, verified_by_provider: false, used_today: 0 }),
  ],
  recent: [claim()],
  earned_today: 50,
  ...overrides,
});

const open = (url = '/earn/links') => renderPage(<LinksPage />, { path: '/earn/links', url, strict: true });

describe('time helpers', () => {
  it('write countdowns and durations', () => {
    expect(clock(90)).toBe('1:30');
    expect(clock(3723)).toBe('1:02:03');
    expect(durationText(1800, 'en')).toBe('30 min');
    expect(durationText(5400, 'en')).toBe('1 hr 30 min');
    expect(durationText(45, 'en')).toBe('45 sec');
  });
});

describe('link rewards page', () => {
  it('lists the enabled providers with reward, use today, cooldown, minimum time and the latest claims', async () => {
    await signIn({ 'GET /api/earn/links': overview() });
    await open();
    const card = within(await screen.findByTestId('link-provider-linkvertise'));
    expect(card.getByRole('heading', { name: 'Linkvertise' })).toBeInTheDocument();
    expect(card.getByTestId('link-coins')).toHaveTextContent('25 coins');
    expect(card.getByTestId('link-used')).toHaveTextContent('2 of 5');
    expect(card.getByTestId('link-cooldown')).toHaveTextContent('30 min');
    expect(card.getByTestId('link-min-time')).toHaveTextContent('30 sec');
    expect(card.getByTestId('link-verified')).toHaveTextContent('Verified by the provider');
    expect(card.getByRole('button', { name: 'Start a Linkvertise link' })).toBeEnabled();
    const generic = within(screen.getByTestId('link-provider-generic'));
    expect(generic.getByRole('heading', { name: 'Shorty' })).toBeInTheDocument();
    expect(generic.queryByTestId('link-verified')).toBeNull();
    expect(screen.queryByTestId('link-provider-shareus')).toBeNull();
    expect(screen.getByTestId('links-earned-today')).toHaveTextContent('50 coins');
    const row = within(screen.getByTestId('link-claim'));
    expect(row.getByText('Linkvertise')).toBeInTheDocument();
    expect(row.getByTestId('link-claim-status')).toHaveTextContent('Paid');
  });

  it('starts a link and sends the browser to the provider', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = await signIn({
      'GET /api/earn/links': overview(),
      'POST /api/earn/links/linkvertise/start': {
        success: true,
        claim: claim({ status: 'pending', completed_at: null }),
        url: 'https://link-to.net/123/abc',
      },
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Start a Linkvertise link' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://link-to.net/123/abc'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('holds Start back with a live countdown during the cooldown, and at the daily limit', async () => {
    await signIn({
      'GET /api/earn/links': overview({
        providers: [
          provider({ available_at: inSeconds(90) }),
          provider({ provider: 'linkpays', name: 'LinkPays', used_today: 5, daily_limit: 5 }),
        ],
      }),
    });
    await open();
    const cooling = within(await screen.findByTestId('link-provider-linkvertise'));
    expect(cooling.getByTestId('link-start')).toBeDisabled();
    expect(cooling.getByTestId('link-wait')).toHaveTextContent(/^Next link in 1:(29|30)$/);
    const full = within(screen.getByTestId('link-provider-linkpays'));
    expect(full.getByTestId('link-start')).toBeDisabled();
    expect(full.getByTestId('link-wait')).toHaveTextContent('Daily limit reached. Come back tomorrow.');
  });

  it('says why a start was refused', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/earn/links': overview(),
      'POST /api/earn/links/linkvertise/start': apiError(409, 'LINK_COOLDOWN'),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Start a Linkvertise link' }));
    expect(await screen.findByText('Please wait a little before starting another link.')).toBeInTheDocument();
  });

  it('shows an empty state when no provider is switched on', async () => {
    await signIn({ 'GET /api/earn/links': overview({ providers: [provider({ enabled: false })] }) });
    await open();
    expect(await screen.findByTestId('links-empty')).toHaveTextContent('No links to complete right now');
  });

  it('claims a returning link once (with the Linkvertise hash), shows the coins and cleans the address', async () => {
    const calls = await signIn({
      'GET /api/earn/links': overview(),
      'POST /api/earn/links/claim': { success: true, provider: 'linkvertise', coins: 25, balance: 1025 },
    });
    const { router } = await open(`/earn/links?claim=${TOKEN}&hash=h4sh`);
    const done = await screen.findByTestId('link-claim-done');
    expect(done).toHaveTextContent('You received 25 coins!');
    expect(done).toHaveTextContent('Your balance is now 1,025 coins.');
    const posts = calls.filter((c) => c.path === '/api/earn/links/claim');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: TOKEN, hash: 'h4sh' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/earn/links').length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c.path === '/api/earn/links/claim')).toHaveLength(1);
  });

  it('keeps a claim that came back too early, shows when it can be claimed, and tries again', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const calls = await signIn({
      'GET /api/earn/links': overview({
        recent: [claim({ status: 'pending', completed_at: null, claimable_at: inSeconds(20) })],
      }),
      'POST /api/earn/links/claim': () => {
        tries += 1;
        return tries === 1
          ? apiError(409, 'LINK_CLAIM_TOO_EARLY')
          : { success: true, provider: 'generic', coins: 10, balance: 1010 };
      },
    });
    const { router } = await open(`/earn/links?claim=${TOKEN}`);
    const early = await screen.findByTestId('link-claim-early');
    expect(early).toHaveTextContent('That was faster than the link allows.');
    expect(await within(early).findByTestId('link-claim-wait')).toHaveTextContent(/You can claim it in 0:(1\d|20)\./);
    expect(router.state.location.search).toBe(`?claim=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('link-claim-done')).toHaveTextContent('You received 10 coins!');
    const posts = calls.filter((c) => c.path === '/api/earn/links/claim');
    expect(posts.map((c) => c.body)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says why a claim was refused for good and cleans the address', async () => {
    await signIn({
      'GET /api/earn/links': overview(),
      'POST /api/earn/links/claim': apiError(409, 'LINK_CLAIM_USED'),
    });
    const { router } = await open(`/earn/links?claim=${TOKEN}`);
    expect(await screen.findByTestId('link-claim-failed')).toHaveTextContent('This link has already paid its reward.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
