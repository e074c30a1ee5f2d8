import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue, signIn, signOut, storeItem } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { StorePage } from './store-page.tsx';

afterEach(signOut);

const open = () => renderPage(<StorePage />, { path: '/store', url: '/store' });
const card = async (key: string) => within(await screen.findByTestId(`store-item-${key}`));

describe('the store', () => {
  it('shows each item on sale with its price, pack size, limit now and after, and the total', async () => {
    await signIn({
      'GET /api/store': catalogue({
        items: [
          storeItem(),
          storeItem({ key: 'ports', price: 40, amount: 1, max: 10, current: 2, packs_left: 8 }),
          storeItem({ key: 'cpu', enabled: false }),
        ],
      }),
    });
    await open();
    const ram = await card('ram');
    expect(ram.getByRole('heading', { name: 'Memory' })).toBeInTheDocument();
    expect(ram.getByTestId('store-price-ram')).toHaveTextContent('100 coins');
    expect(ram.getByTestId('store-pack-ram')).toHaveTextContent('+1,024 MB');
    expect(ram.getByTestId('store-limit-ram')).toHaveTextContent('2,048 MB');
    expect(ram.getByTestId('store-after-ram')).toHaveTextContent('3,072 MB');
    expect(ram.getByTestId('store-total-ram')).toHaveTextContent('100 coins');
    expect(ram.getByRole('button', { name: 'Buy for 100 coins' })).toBeEnabled();
    const ports = await card('ports');
    expect(ports.getByTestId('store-pack-ports')).toHaveTextContent('+1 port');
    expect(ports.getByTestId('store-after-ports')).toHaveTextContent('3 ports');
    expect(screen.queryByTestId('store-item-cpu')).toBeNull();
    expect(screen.getByTestId('store-balance')).toHaveTextContent('10,000 coins');
  });

  it('holds the packs stepper between 1 and the packs left before the cap', async () => {
    const user = userEvent.setup();
    await signIn({ 'GET /api/store': catalogue({ coins: 100_000, items: [storeItem({ packs_left: 3 })] }) });
    await open();
    const ram = await card('ram');
    const packs = ram.getByRole('spinbutton', { name: 'Packs' });
    const minus = ram.getByRole('button', { name: 'One pack of Memory fewer' });
    const plus = ram.getByRole('button', { name: 'One pack of Memory more' });
    expect(packs).toHaveValue(1);
    expect(minus).toBeDisabled();
    for (let i = 0; i < 5; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(packs).toHaveValue(3);
    expect(plus).toBeDisabled();
    expect(ram.getByTestId('store-total-ram')).toHaveTextContent('300 coins');
    expect(ram.getByTestId('store-after-ram')).toHaveTextContent('5,120 MB');
    expect(ram.getByText('You can buy up to 3 packs now.')).toBeInTheDocument();
    await user.click(minus);
    expect(packs).toHaveValue(2);
  });

  it('holds it to what the coins pay for, also when a bigger number is typed', async () => {
    const user = userEvent.setup();
    await signIn({ 'GET /api/store': catalogue({ coins: 250, items: [storeItem({ packs_left: 6 })] }) });
    await open();
    const ram = await card('ram');
    const packs = ram.getByRole('spinbutton', { name: 'Packs' });
    await user.clear(packs);
    await user.type(packs, '5');
    await user.tab();
    expect(packs).toHaveValue(2);
    expect(ram.getByRole('button', { name: 'One pack of Memory more' })).toBeDisabled();
    expect(ram.getByRole('button', { name: 'Buy for 200 coins' })).toBeEnabled();
  });

  it('disables Buy with the reason: the cap is reached, or one pack costs more than the balance', async () => {
    await signIn({
      'GET /api/store': catalogue({
        coins: 50,
        items: [
          storeItem({ key: 'ram', price: 10, current: 8192, packs_left: 0 }),
          storeItem({ key: 'disk', price: 100, amount: 5120, current: 10240, max: 51200, packs_left: 8 }),
        ],
      }),
    });
    await open();
    const ram = await card('ram');
    expect(ram.getByTestId('store-buy-ram')).toBeDisabled();
    expect(ram.getByTestId('store-reason-ram')).toHaveTextContent(
      'You have reached the highest limit the store sells (8,192 MB).',
    );
    expect(ram.getByTestId('store-buy-ram')).toHaveAccessibleDescription(
      'You have reached the highest limit the store sells (8,192 MB).',
    );
    expect(ram.getByRole('spinbutton', { name: 'Packs' })).toBeDisabled();
    const disk = await card('disk');
    expect(disk.getByTestId('store-buy-disk')).toBeDisabled();
    expect(disk.getByTestId('store-reason-disk')).toHaveTextContent('One pack costs 100 coins and you have 50 coins.');
  });

  it('buys, shows the new limit and balance, updates the other cards and reloads the session', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/store': catalogue({
        coins: 300,
        items: [storeItem(), storeItem({ key: 'backups', price: 150, amount: 1, max: 5, current: 1, packs_left: 4 })],
      }),
      'POST /api/store/purchase': {
        success: true,
        balance: 100,
        item: storeItem({ current: 4096, packs_left: 4 }),
      },
    });
    await open();
    const ram = await card('ram');
    await user.click(ram.getByRole('button', { name: 'One pack of Memory more' }));
    await user.click(ram.getByRole('button', { name: 'Buy for 200 coins' }));
    expect(await ram.findByTestId('store-result-ram')).toHaveTextContent(
      'Bought. Your limit is now 4,096 MB and your balance 100 coins.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ item: 'ram', packs: 2 });
    expect(screen.getByTestId('store-balance')).toHaveTextContent('100 coins');
    expect(ram.getByTestId('store-limit-ram')).toHaveTextContent('4,096 MB');
    expect(ram.getByRole('spinbutton', { name: 'Packs' })).toHaveValue(1);
    // 100 coins left: a backup pack (150) is now out of reach.
    expect((await card('backups')).getByTestId('store-buy-backups')).toBeDisabled();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
  });

  it('shows a refusal in the card and reloads the catalogue', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/store': catalogue(),
      'POST /api/store/purchase': apiError(409, 'STORE_CAP_REACHED', { packs: 'At most 0' }),
    });
    await open();
    const ram = await card('ram');
    await user.click(ram.getByTestId('store-buy-ram'));
    expect(await ram.findByText('That would take you past the highest limit the store sells.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/store')).toHaveLength(2));
  });

  it('links to adding credits only while buying coins with money is on', async () => {
    await signIn({ 'GET /api/store': catalogue() }, { settings: { credits_recharge_enabled: true } });
    const view = await open();
    expect(await screen.findByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/store/add-credits');
    view.view.unmount();
    await signIn({ 'GET /api/store': catalogue() }, { settings: { credits_recharge_enabled: false } });
    await open();
    await screen.findByTestId('store-balance');
    expect(screen.queryByTestId('store-add-credits')).toBeNull();
  });

  it('says the store is closed when it is', async () => {
    await signIn({ 'GET /api/store': catalogue({ enabled: false }) });
    await open();
    expect(await screen.findByTestId('store-off')).toHaveTextContent('The store is closed');
    expect(screen.queryByTestId('store-item-ram')).toBeNull();
  });

  it('says nothing is for sale when every item is switched off', async () => {
    await signIn({ 'GET /api/store': catalogue({ items: [storeItem({ enabled: false })] }) });
    await open();
    expect(await screen.findByTestId('store-empty')).toHaveTextContent('Nothing for sale right now');
  });
});
