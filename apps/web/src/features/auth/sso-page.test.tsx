import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { SsoPage } from './sso-page.tsx';

afterEach(() => signOut());

const open = (url = '/auth/sso') => renderPage(<SsoPage />, { path: '/auth/sso', url });

describe('/auth/sso', () => {
  it('offers only the providers staff switched on', async () => {
    await signIn({}, { settings: { sso_github_enabled: true, sso_discord_enabled: false } });
    await open();
    expect(await screen.findByTestId('sso-github')).toHaveAttribute('href', '/api/auth/sso/github/start?mode=login');
    expect(screen.getByTestId('sso-github')).toHaveTextContent('Continue with GitHub');
    expect(screen.queryByTestId('sso-discord')).toBeNull();
  });

  it('says plainly when no provider is on', async () => {
    await signIn({}, { settings: { sso_github_enabled: false, sso_discord_enabled: false } });
    await open();
    expect(await screen.findByText(/No single sign-on provider is set up/)).toBeInTheDocument();
    expect(screen.queryByTestId('sso-buttons')).toBeNull();
  });

  it('explains a refused round trip in words', async () => {
    await signIn({}, { settings: { sso_github_enabled: true } });
    await open('/auth/sso?error=SSO_EMAIL_UNVERIFIED');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('link the provider from your account page');
  });
});
