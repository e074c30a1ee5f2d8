import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, ME, profile, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { GiftPage, giftFee } from './gift-page.tsx';

afterEach(signOut);

const settings = {
  allow_coins_sharing: true,
  coins_sharing_min: 10,
  coins_sharing_max: 10_000,
  coins_sharing_fee_percent: 5,
};
const open = (uuid = ADA) =>
  renderPage(<GiftPage />, {
    path: '/profile/:uuid/gift-coins',
    url: `/profile/${uuid}/gift-coins`,
    extra: [{ path: '/profile/:uuid', element: <p>profile page</p> }],
  });
const amountBox = () => screen.getByRole('spinbutton', { name: 'Coins to gift' });

describe('the gift fee', () => {
  it('is the percentage of the amount, rounded up', () => {
    expect(giftFee(100, 5)).toBe(5);
    expect(giftFee(101, 5)).toBe(6);
    expect(giftFee(10, 0)).toBe(0);
    expect(giftFee(1, 1)).toBe(1);
  });
});

describe('gift coins', () => {
  it('shows the fee and the total taken from the balance before confirming', async () => {
    const user = userEvent.setup();
    await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile() } }, { settings });
    await open();
    expect(await screen.findByRole('heading', { name: 'Gift coins to ada' })).toBeInTheDocument();
    await user.clear(amountBox());
    await user.type(amountBox(), '101');
    expect(screen.getByTestId('gift-sent')).toHaveTextContent('101 coins');
    expect(screen.getByTestId('gift-fee')).toHaveTextContent('6 coins');
    expect(screen.getByText('Fee (5%)')).toBeInTheDocument();
    expect(screen.getByTestId('gift-total')).toHaveTextContent('107 coins');
    expect(screen.getByTestId('gift-current-balance')).toHaveTextContent('1,000 coins');
    expect(screen.getByTestId('gift-after')).toHaveTextContent('893 coins');
    expect(screen.getByTestId('gift-confirm')).toHaveAccessibleName('Send the gift (107 coins in all)');
  });

  it('refuses to confirm a gift the balance cannot pay with its fee', async () => {
    const user = userEvent.setup();
    await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile() } }, { settings });
    await open();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Coins to gift' }));
    await user.type(amountBox(), '960');
    expect(screen.getByTestId('gift-total')).toHaveTextContent('1,008 coins');
    expect(screen.getByTestId('gift-short')).toHaveTextContent('You are 8 coins short of the total.');
    expect(screen.getByTestId('gift-confirm')).toBeDisabled();
  });

  it('keeps an amount outside the limits on the field, before sending anything', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ [`GET /api/profiles/${ADA}`]: { success: true, data: profile() } }, { settings });
    await open();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Coins to gift' }));
    await user.type(amountBox(), '5');
    await user.click(screen.getByTestId('gift-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Between 10 coins and 10,000 coins');
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s GIFT_OUT_OF_RANGE on the amount field, with the server’s limits', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        [`GET /api/profiles/${ADA}`]: { success: true, data: profile() },
        [`POST /api/profiles/${ADA}/gift`]: apiError(400, 'GIFT_OUT_OF_RANGE', { amount: 'Between 10 and 500' }),
      },
      { settings },
    );
    await open();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Coins to gift' }));
    await user.type(amountBox(), '600');
    await user.click(screen.getByTestId('gift-confirm'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Between 10 coins and 500 coins');
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(amountBox()).toHaveAccessibleDescription('Between 10 coins and 500 coins');
  });

  it('sends the gift with its note, shows the new balance and reloads the session', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        [`GET /api/profiles/${ADA}`]: { success: true, data: profile() },
        [`POST /api/profiles/${ADA}/gift`]: { success: true, sent: 100, fee: 5, balance: 895 },
      },
      { settings },
    );
    await open();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Coins to gift' }));
    await user.type(amountBox(), '100');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Thanks for the help!');
    await user.click(screen.getByRole('button', { name: 'Send the gift (105 coins in all)' }));
    const done = await screen.findByTestId('gift-done');
    expect(done).toHaveTextContent('You sent 100 coins to ada');
    expect(done).toHaveTextContent('The fee was 5 coins.');
    expect(screen.getByTestId('gift-balance')).toHaveTextContent('Your balance is now 895 coins.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 100, note: 'Thanks for the help!' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
  });

  it('translates a refusal above the form', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        [`GET /api/profiles/${ADA}`]: { success: true, data: profile() },
        [`POST /api/profiles/${ADA}/gift`]: apiError(409, 'RECIPIENT_UNAVAILABLE'),
      },
      { settings },
    );
    await open();
    await user.click(await screen.findByTestId('gift-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This member cannot receive coins.');
  });

  it('is not offered for one’s own profile, nor when gifting is off', async () => {
    await signIn(
      { [`GET /api/profiles/${ME}`]: { success: true, data: profile({ uuid: ME, can_gift: false }) } },
      {
        settings,
      },
    );
    const view = await open(ME);
    expect(await screen.findByTestId('gift-self')).toHaveTextContent('This is your own profile');
    view.view.unmount();
    await signIn({}, { settings: { ...settings, allow_coins_sharing: false } });
    await open();
    expect(screen.getByTestId('gift-off')).toHaveTextContent('Gifting coins is switched off');
  });
});
