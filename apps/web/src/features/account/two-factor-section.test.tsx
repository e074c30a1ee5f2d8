import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const open = () => renderPage(<TwoFactorSection />, { path: '/account', url: '/account', strict: true });
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-wxyz${i}`);

describe('two-factor on my account', () => {
  it('while off, says so and links to the setup', async () => {
    await signIn({ 'GET /api/account/two-factor': { success: true, enabled: false, recovery_codes_left: 0 } });
    await open();
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Off');
    expect(screen.getByTestId('two-factor-setup')).toHaveAttribute('href', '/auth/2fa/setup');
    expect(screen.queryByTestId('two-factor-disable')).toBeNull();
  });

  it('shows the codes left and warns when few are left', async () => {
    await signIn({ 'GET /api/account/two-factor': { success: true, enabled: true, recovery_codes_left: 1 } });
    await open();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('1 recovery code left');
    expect(screen.getByText(/running out of recovery codes/)).toBeInTheDocument();
  });

  it('makes new codes with the password, shows them once, and says when the password is wrong', async () => {
    const user = userEvent.setup();
    let left = 8;
    const calls = await signIn({
      'GET /api/account/two-factor': () => ({ success: true, enabled: true, recovery_codes_left: left }),
      'POST /api/account/two-factor/recovery-codes': (body: unknown) => {
        if ((body as { password: string }).password !== 'right password')
          return apiError(400, 'CURRENT_PASSWORD_INVALID', { password: 'Your current password is not right' });
        left = 10;
        return { success: true, recovery_codes: codes };
      },
    });
    await open();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('8 recovery codes left');
    await user.click(screen.getByTestId('recovery-codes-regenerate'));
    const form = within(screen.getByTestId('recovery-codes-regenerate-form'));
    await user.type(form.getByLabelText('Password'), 'wrong one');
    await user.click(form.getByTestId('recovery-codes-regenerate-submit'));
    expect(await form.findByText('Your current password is not right.')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Password'));
    await user.type(form.getByLabelText('Password'), 'right password');
    await user.click(form.getByTestId('recovery-codes-regenerate-submit'));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ password: 'right password' });
    // Leaving the codes screen: they are gone for good, the count is read again.
    await user.click(screen.getByTestId('recovery-codes-done'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('10 recovery codes left');
  });

  it('turns two-factor off with a code, and shows a refused code in place', async () => {
    const user = userEvent.setup();
    let enabled = true;
    const calls = await signIn({
      'GET /api/account/two-factor': () => ({ success: true, enabled, recovery_codes_left: enabled ? 10 : 0 }),
      'POST /api/user/auth/2fa/disable': (body: unknown) => {
        if ((body as { code: string }).code === '111111') return apiError(400, 'TWO_FA_CODE_USED');
        enabled = false;
        return { success: true };
      },
    });
    await open();
    await user.click(await screen.findByTestId('two-factor-disable'));
    const form = within(screen.getByTestId('two-factor-disable-form'));
    await user.type(form.getByLabelText('Authentication code'), '12');
    await user.click(form.getByTestId('two-factor-disable-submit'));
    expect(await form.findByText('Enter the 6-digit code or a recovery code')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/auth/2fa/disable')).toBe(false);
    await user.clear(form.getByLabelText('Authentication code'));
    await user.type(form.getByLabelText('Authentication code'), '111111');
    await user.click(form.getByTestId('two-factor-disable-submit'));
    expect(await form.findByText(/already used/)).toBeInTheDocument();
    await user.clear(form.getByLabelText('Authentication code'));
    await user.type(form.getByLabelText('Authentication code'), 'abcde-fghjk');
    await user.click(form.getByTestId('two-factor-disable-submit'));
    await waitFor(() => expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Off'));
    expect(screen.queryByTestId('two-factor-disable-form')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/user/auth/2fa/disable').at(-1)?.body).toEqual({
      code: 'abcde-fghjk',
    });
  });
});
