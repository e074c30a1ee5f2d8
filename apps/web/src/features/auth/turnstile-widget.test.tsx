import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '../../lib/settings-store.ts';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-page.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { TURNSTILE_SCRIPT } from './turnstile-widget.tsx';

/** The panel's public settings as the pages read them. */
function settings(values: Record<string, unknown>) {
  vi.spyOn(settingsStore, 'get').mockImplementation(
    (key: string) => ({ registration_enabled: true, ...values })[key] as never,
  );
}

/** A stand-in for Cloudflare's script: each render hands the page a token at once. */
function stubTurnstile() {
  let n = 0;
  const api = {
    render: vi.fn((_el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void }) => {
      n += 1;
      queueMicrotask(() => opts.callback(`token-${n}`));
      return `widget-${n}`;
    }),
    remove: vi.fn(),
  };
  window.turnstile = api;
  return api;
}

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === TURNSTILE_SCRIPT);

beforeEach(() => {
  delete window.turnstile;
  for (const s of scripts()) s.remove();
});
afterEach(() => vi.restoreAllMocks());

describe('the Turnstile widget', () => {
  it('stays away while Turnstile is off: no script, no token', async () => {
    settings({ turnstile_enabled: false, turnstile_site_key: 'site-key' });
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /api/user/auth/forgot-password': { success: true } });
    await renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password', url: '/auth/forgot-password' });
    expect(screen.queryByTestId('turnstile')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await screen.findByText(/reset link is on its way/);
    expect(scripts()).toHaveLength(0);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'me@example.com' });
  });

  it('renders with the site key on sign-up and sends its token with the form', async () => {
    settings({ turnstile_enabled: true, turnstile_site_key: 'site-key' });
    const api = stubTurnstile();
    const user = userEvent.setup();
    const calls = mockApi({
      'POST /api/user/auth/register': apiError(400, 'TURNSTILE_FAILED'),
    });
    await renderPage(<RegisterPage />, { path: '/auth/register', url: '/auth/register' });
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(api.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key', action: 'register' });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Username'), 'ada_l');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The human check failed or expired');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ turnstile_token: 'token-1' });
    // A token is good once: the widget is rendered again for the next try.
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(2));
    expect(api.remove).toHaveBeenCalledWith('widget-1');
  });

  it('appears on the login page only after the server asks for it', async () => {
    settings({ turnstile_enabled: true, turnstile_site_key: 'site-key' });
    const api = stubTurnstile();
    const user = userEvent.setup();
    let first = true;
    const calls = mockApi({
      'POST /api/user/auth/login': () => {
        const answer = first ? apiError(400, 'TURNSTILE_REQUIRED') : { success: true, two_factor_required: true };
        first = false;
        return answer;
      },
    });
    await renderPage(<LoginPage />, {
      path: '/auth/login',
      url: '/auth/login',
      extra: [{ path: '/auth/2fa/verify', element: <p>code page</p> }],
    });
    expect(screen.queryByTestId('turnstile')).toBeNull();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('complete the human check first');
    await waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('code page');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]?.body).not.toHaveProperty('turnstile_token', expect.anything());
    expect(posts[1]?.body).toMatchObject({ turnstile_token: 'token-1' });
  });

  it('says so clearly when Cloudflare cannot be reached', async () => {
    settings({ turnstile_enabled: true, turnstile_site_key: 'site-key' });
    mockApi({});
    await renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password', url: '/auth/forgot-password' });
    await waitFor(() => expect(scripts()).toHaveLength(1));
    scripts()[0]!.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
  });
});
