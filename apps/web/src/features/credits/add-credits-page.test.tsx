import type { TopUpOptions } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT, payment, signIn, signOut, topUp } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { AddCreditsPage } from './add-credits-page.tsx';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await signOut();
});

const open = (url = '/store/add-credits') =>
  renderPage(<AddCreditsPage />, {
    path: '/store/add-credits',
    url,
    extra: [
      { path: '/store', element: <p>store page</p> },
      { path: '/store/add-credits/receipts/:id', element: <p>receipt page</p> },
    ],
  });
const amountBox = () => screen.getByRole('textbox', { name: 'Amount (EUR)' });
const sessionCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/user/session');

/** GET /api/store/credits answering each call with the next options (the last one repeats). */
function sequence(...answers: TopUpOptions[]) {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)];
}

describe('add credits', () => {
  it('shows the coins an amount buys, the rate and the limits before paying', async () => {
    const user = userEvent.setup();
    await signIn({ 'GET /api/store/credits': topUp({ coins_per_unit: 150 }) });
    await open();
    expect(await screen.findByRole('heading', { name: 'Add credits' })).toBeInTheDocument();
    expect(screen.getByTestId('credits-range')).toHaveTextContent('Between €1.00 and €1,000.00');
    expect(screen.getByTestId('credits-rate')).toHaveTextContent('€1.00 = 150 coins');
    // The first quick pick is chosen to begin with.
    expect(amountBox()).toHaveValue('5');
    expect(screen.getByTestId('credits-pick-500')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('credits-coins')).toHaveTextContent('750 coins');
    await user.click(screen.getByRole('button', { name: '€20.00' }));
    expect(amountBox()).toHaveValue('20');
    expect(screen.getByTestId('credits-coins')).toHaveTextContent('3,000 coins');
    expect(screen.getByTestId('credits-total')).toHaveTextContent('€20.00');
    // A free amount, with either decimal mark; the coins are rounded down as the server does.
    await user.clear(amountBox());
    await user.type(amountBox(), '12,34');
    expect(screen.getByTestId('credits-coins')).toHaveTextContent('1,851 coins');
    expect(screen.getByTestId('credits-pick-2000')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('credits-pay')).toBeEnabled();
    expect(screen.getByTestId('credits-pay')).toHaveAccessibleName('Pay €12.34 with card (Stripe)');
  });

  it('disables the pay button with the reason when the amount is out of range or not a number', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'GET /api/store/credits': topUp() });
    await open();
    await user.clear(await screen.findByRole('textbox', { name: 'Amount (EUR)' }));
    await user.type(amountBox(), '0.50');
    const pay = screen.getByTestId('credits-pay');
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleName('Pay with card (Stripe)');
    expect(pay).toHaveAccessibleDescription('Choose an amount between €1.00 and €1,000.00.');
    expect(amountBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('credits-coins')).toHaveTextContent('—');
    await user.clear(amountBox());
    await user.type(amountBox(), '1000.01');
    expect(screen.getByTestId('credits-pay')).toBeDisabled();
    await user.clear(amountBox());
    await user.type(amountBox(), 'ten');
    expect(screen.getByTestId('credits-pay-reason')).toHaveTextContent('Enter an amount such as 12.50.');
    await user.click(screen.getByTestId('credits-pay'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('starts a Stripe payment and sends the browser to the checkout page', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = await signIn({
      'GET /api/store/credits': topUp(),
      'POST /api/store/credits/stripe': {
        success: true,
        payment: payment({ status: 'pending', completed_at: null }),
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      },
    });
    await open();
    await user.clear(await screen.findByRole('textbox', { name: 'Amount (EUR)' }));
    await user.type(amountBox(), '25');
    await user.click(screen.getByRole('button', { name: 'Pay €25.00 with card (Stripe)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount_cents: 2500 });
    // While the browser leaves, the button stays busy so the payment is not started twice.
    expect(screen.getByTestId('credits-pay')).toBeDisabled();
    expect(screen.getByTestId('credits-pay')).toHaveTextContent('Opening Stripe…');
  });

  it('shows the server’s TOPUP_OUT_OF_RANGE in its own limits and reloads the options', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/store/credits': topUp(),
      'POST /api/store/credits/stripe': apiError(400, 'TOPUP_OUT_OF_RANGE', { amount_cents: 'Between 100 and 2000' }),
    });
    await open();
    await user.click(await screen.findByTestId('credits-pick-5000'));
    await user.click(screen.getByTestId('credits-pay'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an amount between €1.00 and €20.00.');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/store/credits')).toHaveLength(2));
  });

  it('translates a provider refusal', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/store/credits': topUp(),
      'POST /api/store/credits/stripe': apiError(502, 'PAYMENT_FAILED'),
    });
    await open();
    await user.click(await screen.findByTestId('credits-pay'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment could not be started. Please try again in a moment.',
    );
  });

  it('says card payments are not set up when no provider is configured', async () => {
    await signIn({ 'GET /api/store/credits': topUp({ providers: [] }) });
    await open();
    expect(await screen.findByTestId('credits-no-provider')).toHaveTextContent('Card payments are not available yet');
    expect(screen.getByTestId('credits-pay')).toBeDisabled();
    expect(screen.getByTestId('credits-pay')).toHaveAccessibleDescription(
      'Card payments are not set up on this panel yet.',
    );
    // The coins an amount would buy are still shown.
    expect(screen.getByTestId('credits-coins')).toHaveTextContent('500 coins');
  });

  it('offers only the configured providers: PayPal alone means no card button', async () => {
    await signIn({ 'GET /api/store/credits': topUp({ providers: ['paypal'] }) });
    await open();
    expect(await screen.findByTestId('credits-pay-paypal')).toBeEnabled();
    expect(screen.queryByTestId('credits-pay')).toBeNull();
    expect(screen.queryByTestId('credits-pay-reason')).toBeNull();
    expect(screen.queryByTestId('credits-no-provider')).toBeNull();
  });

  it('says adding credits is switched off, and keeps the payments and receipts in reach', async () => {
    await signIn({ 'GET /api/store/credits': topUp({ enabled: false }) });
    const view = await open();
    expect(await screen.findByTestId('credits-off')).toHaveTextContent('Adding credits is switched off');
    expect(screen.queryByTestId('credits-pay')).toBeNull();
    view.view.unmount();
    await signIn({ 'GET /api/store/credits': topUp({ enabled: false, payments: [payment()] }) });
    await open();
    expect(await screen.findByTestId('credits-off')).toHaveTextContent('Adding credits is switched off');
    expect(screen.queryByTestId('credits-pay')).toBeNull();
    expect(screen.getByTestId('credits-receipt-link')).toHaveAttribute(
      'href',
      `/store/add-credits/receipts/${PAYMENT}`,
    );
  });

  it('lists the payments with the amount in the currency, the coins, the status and a receipt when paid', async () => {
    await signIn({
      'GET /api/store/credits': topUp({
        payments: [
          payment({ id: 'p-3', status: 'pending', amount_cents: 1050, coins: 1050, completed_at: null }),
          payment({ id: 'p-2', status: 'failed', amount_cents: 500, coins: 500, completed_at: null }),
          payment(),
        ],
      }),
    });
    await open();
    const rows = await screen.findAllByTestId('credits-payment');
    expect(rows).toHaveLength(3);
    const [pending, failed, paid] = rows.map((r) => within(r));
    expect(pending?.getByTestId('credits-payment-amount')).toHaveTextContent('€10.50');
    expect(pending?.getByTestId('credits-payment-coins')).toHaveTextContent('1,050 coins');
    expect(pending?.getByTestId('credits-payment-status')).toHaveTextContent('Pending');
    expect(pending?.queryByTestId('credits-receipt-link')).toBeNull();
    expect(failed?.getByTestId('credits-payment-status')).toHaveTextContent('Failed');
    expect(failed?.queryByTestId('credits-receipt-link')).toBeNull();
    expect(paid?.getByTestId('credits-payment-amount')).toHaveTextContent('€25.00');
    expect(paid?.getByTestId('credits-payment-status')).toHaveTextContent('Paid');
    expect(paid?.getByRole('link', { name: /Receipt of the payment of/ })).toHaveAttribute(
      'href',
      `/store/add-credits/receipts/${PAYMENT}`,
    );
  });

  it('shows money with the currency_symbol setting for the panel currency, and other currencies with their own', async () => {
    await signIn(
      {
        'GET /api/store/credits': topUp({
          currency: 'USD',
          payments: [payment({ id: 'p-2', currency: 'usd', amount_cents: 1050 }), payment({ id: 'p-1' })],
        }),
      },
      { settings: { currency: 'USD', currency_symbol: 'US$' } },
    );
    await open();
    expect(await screen.findByTestId('credits-range')).toHaveTextContent('Between US$1.00 and US$1,000.00');
    expect(screen.getByTestId('credits-rate')).toHaveTextContent('US$1.00 = 100 coins');
    const [usd, eur] = (await screen.findAllByTestId('credits-payment-amount')).map((a) => a.textContent);
    expect(usd).toBe('US$10.50');
    expect(eur).toBe('€25.00'); // paid before the panel changed its currency
  });

  it('says there are no payments yet', async () => {
    await signIn({ 'GET /api/store/credits': topUp() });
    await open();
    expect(await screen.findByTestId('credits-history-empty')).toHaveTextContent('No payments yet.');
  });
});

describe('back from Stripe', () => {
  const pending = payment({ status: 'pending', completed_at: null });

  it('waits for the confirmation, polling every 2 s, then shows the coins and reloads the session', async () => {
    const calls = await signIn({
      'GET /api/store/credits': sequence(
        topUp({ payments: [pending] }),
        topUp({ payments: [pending] }),
        topUp({ payments: [payment()] }),
      ),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open(`/store/add-credits?payment=${PAYMENT}`);
    expect(await screen.findByTestId('credits-return-waiting')).toHaveTextContent(
      'Payment received, waiting for confirmation',
    );
    expect(screen.getByTestId('credits-payment-status')).toHaveTextContent('Pending');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(screen.getByTestId('credits-return-waiting')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2_000);
    const done = await screen.findByTestId('credits-return-done');
    expect(done).toHaveTextContent('2,500 coins added to your balance');
    expect(done).toHaveTextContent('Your payment of €25.00 is confirmed.');
    expect(screen.getByTestId('credits-payment-status')).toHaveTextContent('Paid');
    expect(calls.filter((c) => c.path === '/api/store/credits')).toHaveLength(3);
    await waitFor(() => expect(sessionCalls(calls)).toHaveLength(2));
    // Confirmed: no more polling.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls.filter((c) => c.path === '/api/store/credits')).toHaveLength(3);
    expect(sessionCalls(calls)).toHaveLength(2);
  });

  it('says confirmation is slow after a minute, stops polling, and checks again on request', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = await signIn({
      'GET /api/store/credits': sequence(
        ...Array(40).fill(topUp({ payments: [pending] })),
        topUp({ payments: [payment()] }),
      ),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open(`/store/add-credits?payment=${PAYMENT}`);
    await screen.findByTestId('credits-return-waiting');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await screen.findByTestId('credits-return-slow')).toHaveTextContent(
      'Confirmation is taking longer than usual',
    );
    const polls = calls.filter((c) => c.path === '/api/store/credits').length;
    expect(polls).toBeGreaterThanOrEqual(30);
    expect(polls).toBeLessThanOrEqual(32);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.path === '/api/store/credits')).toHaveLength(polls);
    await user.click(screen.getByTestId('credits-return-check'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/store/credits').length).toBeGreaterThan(polls));
    expect(await screen.findByTestId('credits-return-waiting')).toBeInTheDocument();
  });

  it('says so when the payment failed', async () => {
    await signIn({
      'GET /api/store/credits': topUp({ payments: [payment({ status: 'failed', completed_at: null })] }),
    });
    await open(`/store/add-credits?payment=${PAYMENT}`);
    expect(await screen.findByTestId('credits-return-failed')).toHaveTextContent('The payment did not go through');
  });

  it('shows a calm note when the member cancelled on Stripe, and dismisses it', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'GET /api/store/credits': topUp({ payments: [pending] }) });
    await open(`/store/add-credits?cancelled=${PAYMENT}`);
    expect(await screen.findByTestId('credits-return-cancelled')).toHaveTextContent(
      'Payment cancelledNothing was charged.',
    );
    expect(screen.getByTestId('credits-pay')).toBeEnabled();
    expect(sessionCalls(calls)).toHaveLength(1);
    await user.click(screen.getByTestId('credits-return-dismiss'));
    expect(screen.queryByTestId('credits-return-cancelled')).toBeNull();
  });

  it('pays with PayPal when that is the provider, and back from PayPal captures the approved order once', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const pending = payment({ provider: 'paypal', status: 'pending', completed_at: null });
    const calls = await signIn({
      'GET /api/store/credits': sequence(
        topUp({ providers: ['paypal'], payments: [] }),
        topUp({ providers: ['paypal'], payments: [pending] }),
        topUp({ providers: ['paypal'], payments: [payment({ provider: 'paypal' })] }),
      ),
      'POST /api/store/credits/paypal': {
        success: true,
        payment: pending,
        url: 'https://www.paypal.com/checkoutnow?token=ORDER1',
      },
      'POST /api/store/credits/paypal/capture': {
        success: true,
        payment: payment({ provider: 'paypal' }),
        balance: 2500,
      },
    });
    await open();
    expect(await screen.findByTestId('credits-pay-paypal')).toHaveAccessibleName('Pay €5.00 with PayPal');
    expect(screen.queryByTestId('credits-pay')).toBeNull();
    await user.click(screen.getByTestId('credits-pay-paypal'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.paypal.com/checkoutnow?token=ORDER1'));
    expect(calls.find((c) => c.path === '/api/store/credits/paypal')?.body).toEqual({ amount_cents: 500 });
    vi.unstubAllGlobals();
  });

  it('captures the order PayPal sends the member back with, once, and shows the coins', async () => {
    const calls = await signIn({
      'GET /api/store/credits': topUp({ providers: ['paypal'], payments: [payment({ provider: 'paypal' })] }),
      'POST /api/store/credits/paypal/capture': {
        success: true,
        payment: payment({ provider: 'paypal' }),
        balance: 2500,
      },
    });
    await open(`/store/add-credits?paypal=${PAYMENT}&token=ORDER1&PayerID=P1`);
    await screen.findByTestId('credits-return-done');
    const captures = calls.filter((c) => c.path === '/api/store/credits/paypal/capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]?.body).toEqual({ order_id: 'ORDER1' });
  });
});
