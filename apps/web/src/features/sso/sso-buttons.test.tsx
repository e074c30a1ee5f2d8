import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '../../lib/settings-store.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { TURNSTILE_SCRIPT } from '../auth/turnstile-widget.tsx';
import { SsoButtons } from './sso-buttons.tsx';
import { ssoNavigation } from './start-url.ts';

/** The panel's public settings as the buttons read them (both providers on). */
function settings(values: Record<string, unknown>) {
  vi.spyOn(settingsStore, 'get').mockImplementation(
    (key: string) => ({ sso_github_enabled: true, sso_discord_enabled: true, ...values })[key] as never,
  );
}

/** A stand-in for Cloudflare's script: `solve()` hands the newest widget its token, as a solved check does. */
function stubTurnstile() {
  const callbacks: ((token: string) => void)[] = [];
  const api = {
    render: vi.fn((_el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void }) => {
      callbacks.push(opts.callback);
      return `widget-${callbacks.length}`;
    }),
    remove: vi.fn(),
    solve: () => act(() => callbacks.at(-1)?.(`token/${callbacks.length}+`)),
  };
  window.turnstile = api;
  return api;
}
const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === TURNSTILE_SCRIPT);
const open = () => renderPage(<SsoButtons />, { path: '/auth/login', url: '/auth/login' });

beforeEach(() => {
  delete window.turnstile;
  for (const s of scripts()) s.remove();
  mockApi({});
});
afterEach(() => vi.restoreAllMocks());

describe('the single sign-on buttons', () => {
  it('are plain links without a human check while Turnstile is off', async () => {
    settings({ turnstile_enabled: false, turnstile_site_key: 'site-key' });
    await open();
    expect(await screen.findByTestId('sso-github')).toHaveAttribute('href', '/api/auth/sso/github/start?mode=login');
    expect(screen.getByTestId('sso-discord')).toHaveAttribute('href', '/api/auth/sso/discord/start?mode=login');
    expect(screen.queryByTestId('turnstile')).toBeNull();
    expect(scripts()).toHaveLength(0);
  });

  it('with Turnstile on, show the widget on a click and leave with its token on the start link', async () => {
    settings({ turnstile_enabled: true, turnstile_site_key: 'site-key' });
    const api = stubTurnstile();
    const go = vi.spyOn(ssoNavigation, 'go').mockImplementation(() => {});
    const user = userEvent.setup();
    await open();
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' });
    expect(github).not.toHaveAttribute('href');
    // Nothing is loaded or shown before the member picks a provider.
    expect(screen.queryByTestId('turnstile')).toBeNull();
    expect(api.render).not.toHaveBeenCalled();

    await user.click(github);
    expect(screen.getByTestId('sso-human-check')).toHaveTextContent('Complete the check below to continue with GitHub');
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(api.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key', action: 'sso' });
    expect(go).not.toHaveBeenCalled();
    await api.solve();
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(
      `/api/auth/sso/github/start?mode=login&turnstile_token=${encodeURIComponent('token/1+')}`,
    );
    // The token is spent: a second try (e.g. back from the provider) runs a new check.
    await waitFor(() => expect(screen.queryByTestId('sso-human-check')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(2));
    await api.solve();
    expect(go).toHaveBeenLastCalledWith('/api/auth/sso/discord/start?mode=login&turnstile_token=token%2F2%2B');
  });
});
