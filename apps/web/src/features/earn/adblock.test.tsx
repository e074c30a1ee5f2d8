import type { LinksOverview } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AfkPage } from './afk-page.tsx';
import { LinksPage } from './links-page.tsx';
import { afkReducer, initialAfkState } from './use-afk-socket.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const BAIT = 'GET /api/pagead/adsbygoogle.js';
const baitScript = () => new Response('window.__hostdeckAdBait="n0nce.abc";\n', { status: 200 });
/** What a blocker does to the bait request: the fetch fails before it leaves the browser. */
const blockedByExtension = () => {
  throw new TypeError('Failed to fetch');
};
const overview: LinksOverview = {
  success: true,
  providers: [
    {
      provider: 'linkvertise',
      name: 'Linkvertise',
      enabled: true,
      coins: 25,
      daily_limit: 5,
      used_today: 0,
      cooldown_seconds: 0,
      min_seconds: 30,
      expiry_seconds: 3600,
      verified_by_provider: true,
      available_at: null,
    },
  ],
  recent: [],
  earned_today: 0,
};
const check = { success: true, token: 'check-token-1', expires_at: new Date(Date.now() + 900_000).toISOString() };

describe('anti-adblock on the earning pages', () => {
  it('links: a blocked bait shows the message instead of the links; Try again passes and earning calls carry the token', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let blocker = true;
    const calls = await signIn(
      {
        'GET /api/earn/links': overview,
        [BAIT]: () => (blocker ? blockedByExtension() : baitScript()),
        'POST /api/earn/adblock-check': check,
        'POST /api/earn/links/linkvertise/start': { success: true, url: 'https://linkvertise.example/go' },
      },
      { settings: { adblock_detection_enabled: true } },
    );
    await renderPage(<LinksPage />, { path: '/earn/links', url: '/earn/links' });
    const notice = await screen.findByTestId('adblock-detected');
    expect(notice).toHaveTextContent('Ad blocker detected');
    expect(notice).toHaveTextContent('Turn off your ad blocker for this site');
    expect(screen.queryByTestId('link-start')).toBeNull();
    expect(calls.some((c) => c.path === '/api/earn/adblock-check')).toBe(false);

    blocker = false;
    await user.click(within(notice).getByTestId('adblock-retry'));
    await waitFor(() => expect(screen.queryByTestId('adblock-detected')).toBeNull());
    expect(calls.find((c) => c.path === '/api/earn/adblock-check')?.body).toEqual({
      bait: 'n0nce.abc',
      element_visible: true,
    });
    await user.click(await screen.findByTestId('link-start'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://linkvertise.example/go'));
    const start = calls.find((c) => c.path === '/api/earn/links/linkvertise/start');
    expect(start?.headers['x-adblock-check']).toBe('check-token-1');
  });

  it('AFK: a blocked bait shows the message and opens no session', async () => {
    const socket = vi.fn();
    vi.stubGlobal('WebSocket', socket);
    await signIn(
      {
        'GET /api/earn/afk': {
          success: true,
          enabled: true,
          interval_seconds: 60,
          coins_per_interval: 2,
          daily_cap: 100,
          earned_today: 0,
          minutes: 0,
        },
        [BAIT]: blockedByExtension,
      },
      { settings: { adblock_detection_enabled: true } },
    );
    await renderPage(<AfkPage />, { path: '/earn/afk', url: '/earn/afk' });
    expect(await screen.findByTestId('adblock-detected')).toHaveTextContent('Try again');
    expect(socket).not.toHaveBeenCalled();
  });

  it('is skipped when the setting is off or the member may block ads', async () => {
    const calls = await signIn(
      { 'GET /api/earn/links': overview },
      { settings: { adblock_detection_enabled: true }, permissions: ['user.permission.adblocker'] },
    );
    await renderPage(<LinksPage />, { path: '/earn/links', url: '/earn/links' });
    await screen.findByTestId('link-start');
    expect(calls.some((c) => c.path.includes('adsbygoogle'))).toBe(false);
    expect(screen.queryByTestId('adblock-detected')).toBeNull();
  });

  it('AFK: a refusal by the server is shown with its reason', () => {
    const state = afkReducer(initialAfkState, { type: 'refused', error_code: 'EARNING_ON_HOLD' });
    expect(state).toMatchObject({ phase: 'refused', refusal: 'EARNING_ON_HOLD' });
  });
});
