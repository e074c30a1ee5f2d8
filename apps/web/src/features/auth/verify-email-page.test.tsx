import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { VerifyEmailNotice } from '../account/verify-email-notice.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

afterEach(signOut);

const open = (url: string) => renderPage(<VerifyEmailPage />, { path: '/auth/verify-email', url, strict: true });

describe('the verification link page', () => {
  it('posts the token once (even under StrictMode) and confirms', async () => {
    const calls = mockApi({ 'POST /api/auth/verify-email': { success: true } });
    await open('/auth/verify-email?token=abc123');
    expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'abc123' });
  });

  it('explains a used or expired link', async () => {
    mockApi({ 'POST /api/auth/verify-email': apiError(400, 'VERIFY_TOKEN_INVALID') });
    await open('/auth/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, used or expired');
  });

  it('sends nothing without a token', async () => {
    const calls = mockApi({});
    await open('/auth/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent('invalid, used or expired');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('the "verify your email" notice', () => {
  it('shows for an unverified member and asks for a new link', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { 'POST /api/account/verify-email/resend': { success: true } },
      { userInfo: { verified: false, email: 'me@example.com' } },
    );
    await renderPage(<VerifyEmailNotice />, { path: '/account', url: '/account' });
    expect(screen.getByTestId('verify-email-notice')).toHaveTextContent('me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText('A new link is on its way. Check your inbox.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account/verify-email/resend')).toBe(true);
  });

  it('says when a link was just sent', async () => {
    const user = userEvent.setup();
    await signIn(
      { 'POST /api/account/verify-email/resend': apiError(429, 'VERIFY_EMAIL_COOLDOWN') },
      { userInfo: { verified: false } },
    );
    await renderPage(<VerifyEmailNotice />, { path: '/account', url: '/account' });
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('less than a minute ago');
  });

  it('tells the member, not staff, what a panel without e-mail means for the link', async () => {
    const user = userEvent.setup();
    await signIn(
      { 'POST /api/account/verify-email/resend': apiError(409, 'SMTP_NOT_CONFIGURED') },
      { userInfo: { verified: false } },
    );
    await renderPage(<VerifyEmailNotice />, { path: '/account', url: '/account' });
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This panel cannot send e-mail yet');
    expect(screen.queryByText(/SMTP/)).toBeNull();
  });

  it('is not shown once the email is verified', async () => {
    await signIn({}, { userInfo: { verified: true } });
    await renderPage(<VerifyEmailNotice />, { path: '/account', url: '/account' });
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
  });
});
