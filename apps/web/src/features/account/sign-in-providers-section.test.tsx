import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { SignInProvidersSection } from './sign-in-providers-section.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const github = {
  provider: 'github',
  username: 'octocat',
  email: 'octo@example.com',
  linked_at: '2026-02-01T10:00:00.000Z',
  last_used_at: null,
};
const methods = (over: Record<string, unknown> = {}) => ({
  success: true,
  password: false,
  passkeys: 0,
  identities: [github],
  available: ['discord', 'github'],
  ...over,
});
const open = (url = '/account') => renderPage(<SignInProvidersSection />, { path: '/account', url, strict: true });

describe('linked sign-in providers on my account', () => {
  it('lists linked providers and links the others through the provider (a browser navigation)', async () => {
    await signIn({ 'GET /api/account/sign-in-methods': methods() });
    await open();
    const gh = within(await screen.findByTestId('provider-github'));
    expect(gh.getByText(/Linked as octocat on Feb 1, 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('provider-discord-link')).toHaveAttribute(
      'href',
      '/api/auth/sso/discord/start?mode=link',
    );
    expect(screen.getByText(/Your account has no password yet/)).toBeInTheDocument();
  });

  it('unlinks after confirming, and shows the refusal of the last way to sign in', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/account/sign-in-methods': methods(),
      'DELETE /api/account/identities/github': apiError(409, 'LAST_SIGN_IN_METHOD'),
    });
    await open();
    await user.click(await screen.findByTestId('provider-github-unlink'));
    await user.click(screen.getByTestId('provider-github-unlink-yes'));
    expect(await screen.findByText(/This is the last way to sign in to your account/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says what the provider came back with, and cleans the address', async () => {
    await signIn({ 'GET /api/account/sign-in-methods': methods({ identities: [] }) });
    const { router } = await open('/account?sso_error=SSO_ALREADY_LINKED');
    expect(await screen.findByTestId('sign-in-providers-error')).toHaveTextContent(
      'This provider account is already linked to another member',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('is hidden while the panel offers no provider and none is linked', async () => {
    const calls = await signIn({ 'GET /api/account/sign-in-methods': methods({ identities: [], available: [] }) });
    await open();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/account/sign-in-methods')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('sign-in-providers')).toBeNull();
  });
});
