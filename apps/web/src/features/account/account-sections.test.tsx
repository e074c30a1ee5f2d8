import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { BillingSection } from './billing-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import { EmailConfirmPage } from './email-confirm-page.tsx';
import { EmailSection } from './email-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';

afterEach(async () => {
  await changeLanguage('en');
  signOut();
});

const open = (element: ReactNode) => renderPage(element, { path: '/account', url: '/account' });
const sent = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

describe('an account without a password (made through a provider)', () => {
  const methods = (password: boolean) => ({
    'GET /api/account/sign-in-methods': { success: true, password, passkeys: 0, identities: [], available: [] },
  });

  it('is told where a password is asked for, and can have the link to set one mailed', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ ...methods(false), 'POST /api/account/password/link': { success: true } });
    await open(
      <>
        <EmailSection />
        <PasswordSection />
      </>,
    );
    const notices = await screen.findAllByTestId('no-password');
    expect(notices).toHaveLength(2);
    expect(notices[0]).toHaveTextContent('Your account has no password yet');
    await user.click(
      within(notices[0] as HTMLElement).getByRole('button', { name: 'Email me a link to set a password' }),
    );
    expect(await screen.findByTestId('no-password-sent')).toHaveTextContent('follow the link in the mail');
    expect(sent(calls, 'POST', '/api/account/password/link')).toHaveLength(1);
  });
});

describe('profile section', () => {
  it('starts from the session and sends the names and the public-profile choice', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { 'PATCH /api/account/profile': (body: unknown) => ({ success: true, data: body }) },
      { userInfo: { first_name: 'Mia', last_name: 'Ellis', public_profile: true } },
    );
    await open(<ProfileSection />);
    const first = screen.getByLabelText('First name');
    expect(first).toHaveValue('Mia');
    await user.clear(first);
    await user.type(first, 'Grace');
    await user.click(screen.getByRole('checkbox', { name: /Show my profile to other members/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/account/profile')).toEqual([
      { first_name: 'Grace', last_name: 'Ellis', public_profile: false },
    ]);
  });

  it('refuses an empty name before sending', async () => {
    const user = userEvent.setup();
    const calls = await signIn({}, { userInfo: { first_name: 'Mia', last_name: 'Ellis' } });
    await open(<ProfileSection />);
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('email section', () => {
  it('asks for the password and then says to check the new inbox', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/account/email': { success: true, email: 'new@example.com' } });
    await open(<EmailSection />);
    expect(screen.getByTestId('email-current')).toHaveTextContent('me@example.com');
    await user.type(screen.getByLabelText('New email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByTestId('email-sent')).toHaveTextContent(
      'We sent a link to new@example.com. Check your new inbox',
    );
    expect(sent(calls, 'POST', '/api/account/email')).toEqual([{ email: 'new@example.com', password: 'my password' }]);
  });

  it('puts a wrong password on its field, in words', async () => {
    const user = userEvent.setup();
    await signIn({
      'POST /api/account/email': apiError(400, 'CURRENT_PASSWORD_INVALID', {
        password: 'Your current password is not right',
      }),
    });
    await open(<EmailSection />);
    await user.type(screen.getByLabelText('New email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Your current password is not right.').length).toBeGreaterThan(0);
  });
});

describe('password section', () => {
  it('checks the repeated password, then sends the current and the new one', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/account/password': { success: true } });
    await open(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(calls.some((c) => c.path === '/api/account/password')).toBe(false);
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/account/password')).toEqual([
      { current_password: 'old password', password: 'a new long password' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('billing section', () => {
  it('refuses a postcode with other characters, then saves every field', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'PUT /api/account/billing': { success: true, billing: {} } });
    await open(<BillingSection />);
    await user.type(screen.getByLabelText('Name or company'), 'Acme SRL');
    await user.type(screen.getByLabelText('Postcode'), '<2001>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only letters, digits, spaces and - are allowed')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), 'MD-2001');
    await user.type(screen.getByLabelText('VAT number'), 'MD1003600');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/api/account/billing')).toEqual([
      { company: 'Acme SRL', address: '', city: '', state: '', zip: 'MD-2001', country: '', vat: 'MD1003600' },
    ]);
  });
});

describe('language section', () => {
  it('switches the interface at once and stores the choice on the account', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'PUT /api/account/locale': { success: true } });
    await open(<LanguageSection />);
    await user.selectOptions(screen.getByTestId('account-language'), 'de');
    expect(await screen.findByRole('heading', { name: 'Sprache' })).toBeInTheDocument();
    await waitFor(() => expect(sent(calls, 'PUT', '/api/account/locale')).toEqual([{ locale: 'de' }]));
  });
});

describe('delete section', () => {
  it('needs the username typed out, sends the password with it, and signs the member out', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'POST /api/account/delete': { success: true },
      'POST /api/user/auth/logout': { success: true },
    });
    const { router } = await renderPage(<DeleteSection />, {
      path: '/account',
      url: '/account',
      extra: [{ path: '/auth/login', element: <p>login page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByTestId('delete-dialog'));
    const submit = dialog.getByRole('button', { name: 'Delete my account for good' });
    await user.type(dialog.getByLabelText('Current password'), 'my password');
    await user.type(dialog.getByLabelText('Type your username (me) to confirm'), 'mee');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Type your username (me) to confirm'), '{Backspace}');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(sent(calls, 'POST', '/api/account/delete')).toEqual([{ password: 'my password', confirm: 'me' }]);
  });

  it('offers a two-factor code instead of the password when two-factor is on, and shows a refusal', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { 'POST /api/account/delete': apiError(400, 'TWO_FA_INVALID_CODE') },
      { userInfo: { two_fa_enabled: true } },
    );
    await open(<DeleteSection />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByTestId('delete-dialog'));
    await user.click(dialog.getByRole('button', { name: 'Use a two-factor code instead' }));
    await user.type(dialog.getByLabelText('Two-factor or recovery code'), '123456');
    await user.type(dialog.getByLabelText('Type your username (me) to confirm'), 'me');
    await user.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
    expect(await dialog.findByRole('alert')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/account/delete')).toEqual([{ code: '123456', confirm: 'me' }]);
  });
});

describe('email confirmation page', () => {
  it('changes the address only when the button is pressed', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/account/email/confirm': { success: true, email: 'new@example.com' } });
    await renderPage(<EmailConfirmPage />, { path: '/account/email/confirm', url: '/account/email/confirm?token=abc' });
    expect(calls.some((c) => c.path === '/api/account/email/confirm')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Done: your account now uses new@example.com.')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/account/email/confirm')).toEqual([{ token: 'abc' }]);
  });

  it('says a used or expired link is no good', async () => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/account/email/confirm': apiError(400, 'EMAIL_CHANGE_TOKEN_INVALID') });
    await renderPage(<EmailConfirmPage />, { path: '/account/email/confirm', url: '/account/email/confirm?token=abc' });
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid, used or expired');
  });
});
