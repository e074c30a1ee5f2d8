import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { RedeemPage } from './redeem-page.tsx';

afterEach(signOut);

const open = () => renderPage(<RedeemPage />, { path: '/earn/redeem', url: '/earn/redeem' });
const on = { code_redemption_enabled: true };

describe('redeem a code', () => {
  it('redeems, shows the coins and the new balance, and reloads the session for the top bar', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { 'POST /api/earn/redeem': { success: true, coins: 500, balance: 1500 } },
      { settings: on },
    );
    await open();
    const submit = screen.getByTestId('redeem-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '  welcome-2026 ');
    await user.click(submit);
    const done = await screen.findByTestId('redeem-done');
    expect(done).toHaveTextContent('You received 500 coins!');
    expect(screen.getByTestId('redeem-balance')).toHaveTextContent('Your balance is now 1,500 coins.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'welcome-2026' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
    await user.click(screen.getByTestId('redeem-another'));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('');
  });

  it('shows a refused code on the field, in the member’s words, and clears it on typing', async () => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/earn/redeem': apiError(409, 'CODE_EXPIRED') }, { settings: on });
    await open();
    const input = screen.getByRole('textbox', { name: 'Code' });
    await user.type(input, 'OLD{Enter}');
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'X');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['CODE_INVALID', 404, 'This code does not exist or is not active.'],
    ['CODE_USED_UP', 409, 'This code has been used up.'],
    ['CODE_ALREADY_REDEEMED', 409, 'You have already redeemed this code.'],
    ['RATE_LIMITED', 429, 'You have been rate limited. Please try again later.'],
  ])('translates %s', async (code, status, text) => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/earn/redeem': apiError(status, code) }, { settings: on });
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ABCD{Enter}');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('redeem-done')).toBeNull();
  });

  it('says redeeming is switched off when the flag is off, without a form', async () => {
    await signIn({}, { settings: { code_redemption_enabled: false } });
    await open();
    expect(screen.getByTestId('redeem-off')).toHaveTextContent('Redeeming codes is switched off');
    expect(screen.queryByTestId('redeem-code')).toBeNull();
  });

  it('says so too when the server turned it off since the settings were loaded', async () => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/earn/redeem': apiError(403, 'FEATURE_DISABLED') }, { settings: on });
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ABCD{Enter}');
    expect(await screen.findByTestId('redeem-off')).toBeInTheDocument();
  });
});
