import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT, receipt, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { ReceiptPage } from './receipt-page.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const open = (id = PAYMENT) =>
  renderPage(<ReceiptPage />, {
    path: '/store/add-credits/receipts/:id',
    url: `/store/add-credits/receipts/${id}`,
    extra: [{ path: '/store/add-credits', element: <p>add credits page</p> }],
  });

describe('the receipt', () => {
  it('shows the number, the date, the seller, the buyer, the coins and the amount paid', async () => {
    await signIn({ [`GET /api/store/credits/receipts/${PAYMENT}`]: receipt() });
    await open();
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('HD-2026-33333333');
    expect(screen.getByTestId('receipt-date')).toHaveTextContent('2026');
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Paid');
    const seller = within(screen.getByTestId('receipt-seller'));
    expect(seller.getByText('From')).toBeInTheDocument();
    expect(seller.getByText('Hostdeck')).toBeInTheDocument();
    expect(seller.getByText('Hostdeck SRL')).toBeInTheDocument();
    expect(seller.getByText('Strada Exemplu 1')).toBeInTheDocument();
    expect(seller.getByText('MD-2001 Chișinău')).toBeInTheDocument();
    expect(seller.getByText('VAT number: MD123456')).toBeInTheDocument();
    const buyer = within(screen.getByTestId('receipt-buyer'));
    expect(buyer.getByText('Billed to')).toBeInTheDocument();
    expect(buyer.getByText('me')).toBeInTheDocument();
    expect(buyer.getByText('me@example.com')).toBeInTheDocument();
    expect(buyer.getByText('Paris')).toBeInTheDocument();
    expect(buyer.queryByText(/VAT/)).toBeNull();
    expect(screen.getByTestId('receipt-line')).toHaveTextContent('2,500 coins');
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('€25.00');
    expect(screen.getByTestId('receipt-method')).toHaveTextContent(
      `Payment method: Card (Stripe). Paid on Mar 1, 2026. Payment reference: ${PAYMENT}.`,
    );
  });

  it('shows the amount with the currency_symbol setting', async () => {
    await signIn(
      { [`GET /api/store/credits/receipts/${PAYMENT}`]: receipt() },
      { settings: { currency: 'EUR', currency_symbol: 'EUR ' } },
    );
    await open();
    expect(await screen.findByTestId('receipt-amount')).toHaveTextContent('EUR 25.00');
  });

  it('prints', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await signIn({ [`GET /api/store/credits/receipts/${PAYMENT}`]: receipt() });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    // The toolbar is not printed.
    expect(screen.getByTestId('receipt-toolbar')).toHaveClass('print:hidden');
  });

  it('says there is no receipt for a payment that is not the member’s or not completed', async () => {
    await signIn({ [`GET /api/store/credits/receipts/${PAYMENT}`]: apiError(404, 'NOT_FOUND') });
    await open();
    expect(await screen.findByTestId('receipt-missing')).toHaveTextContent('Receipt not found');
    expect(screen.getByRole('link', { name: 'Back to add credits' })).toHaveAttribute('href', '/store/add-credits');
  });
});
