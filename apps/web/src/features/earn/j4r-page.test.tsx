import type { J4rOverview } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { J4rPage } from './j4r-page.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

type Server = J4rOverview['servers'][number];
const server = (overrides: Partial<Server> = {}): Server => ({
  id: 1,
  name: 'Craft Hub',
  description: 'The friendliest Minecraft community.',
  icon_url: 'https://cdn.example/icon.png',
  invite_url: 'https://discord.gg/crafthub',
  coins: 150,
  state: 'open',
  claimed_at: null,
  ...overrides,
});
const overview = (overrides: Partial<J4rOverview> = {}): J4rOverview => ({
  success: true,
  enabled: true,
  discord_configured: true,
  discord: { id: '123456789012345678', username: 'mia', linked_at: '2026-02-01T10:00:00.000Z' },
  recheck: false,
  earned: 300,
  servers: [
    server(),
    server({ id: 2, name: 'Pixel Plaza', state: 'claimed', claimed_at: '2026-02-10T10:00:00.000Z', icon_url: null }),
    server({ id: 3, name: 'Old Town', state: 'revoked', claimed_at: '2026-01-10T10:00:00.000Z' }),
  ],
  ...overrides,
});
const open = (url = '/earn/j4r') => renderPage(<J4rPage />, { path: '/earn/j4r', url, strict: true });

describe('join for rewards', () => {
  it('asks to link Discord first, and sends the browser to Discord’s consent page', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = await signIn({
      'GET /api/earn/j4r': overview({ discord: null, earned: 0 }),
      'POST /api/account/discord/link': { success: true, url: 'https://discord.com/oauth2/authorize?state=s1' },
    });
    await open();
    expect(await screen.findByTestId('j4r-link')).toHaveTextContent('Link your Discord account first');
    expect(screen.queryByTestId('j4r-check')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Link Discord' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://discord.com/oauth2/authorize?state=s1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ return_to: 'j4r' });
  });

  it('lists the servers with their reward, state and invite, the earned total and the re-check rule', async () => {
    await signIn({ 'GET /api/earn/j4r': overview({ recheck: true }) });
    await open();
    expect(await screen.findByTestId('j4r-discord-user')).toHaveTextContent('mia');
    expect(screen.getByTestId('j4r-earned')).toHaveTextContent('300 coins');
    expect(screen.getByTestId('j4r-recheck')).toHaveTextContent('leaving one takes its reward back');
    const [open1, claimed, revoked] = screen.getAllByTestId('j4r-server').map((el) => within(el));
    expect(open1?.getByRole('heading', { name: 'Craft Hub' })).toBeInTheDocument();
    expect(open1?.getByTestId('j4r-server-coins')).toHaveTextContent('+150 coins');
    expect(open1?.getByTestId('j4r-server-state')).toHaveTextContent('Reward open');
    const invite = open1?.getByRole('link', { name: 'Join Craft Hub on Discord (opens in a new tab)' });
    expect(invite).toHaveAttribute('href', 'https://discord.gg/crafthub');
    expect(invite).toHaveAttribute('target', '_blank');
    expect(invite?.getAttribute('rel')).toContain('noopener');
    expect(claimed?.getByTestId('j4r-server-state')).toHaveTextContent('Claimed');
    expect(claimed?.getByText('claimed Feb 10, 2026')).toBeInTheDocument();
    expect(revoked?.getByTestId('j4r-server-state')).toHaveTextContent('Taken back');
    expect(revoked?.getByText('You left this server, so its reward was taken back.')).toBeInTheDocument();
  });

  it('checks the joins through Discord', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = await signIn({
      'GET /api/earn/j4r': overview(),
      'POST /api/earn/j4r/check': { success: true, url: 'https://discord.com/oauth2/authorize?state=s2' },
    });
    await open();
    expect(screen.queryByTestId('j4r-recheck')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'I joined — check and claim' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://discord.com/oauth2/authorize?state=s2'));
    expect(calls.filter((c) => c.path === '/api/earn/j4r/check')).toHaveLength(1);
  });

  it('has nothing to check when every server is claimed', async () => {
    await signIn({ 'GET /api/earn/j4r': overview({ servers: [server({ state: 'claimed' })] }) });
    await open();
    expect(await screen.findByTestId('j4r-check')).toBeDisabled();
  });

  it('shows the coins Discord’s check paid, reloads the balance once and cleans the address', async () => {
    const calls = await signIn({ 'GET /api/earn/j4r': overview() });
    const { router } = await open('/earn/j4r?discord=checked&paid=150');
    expect(await screen.findByTestId('discord-return-paid')).toHaveTextContent('You received 150 coins!');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/session')).toHaveLength(2));
    expect(screen.getByTestId('discord-return-paid')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('discord-return-paid')).toBeNull();
  });

  it('says when the check found nothing new', async () => {
    await signIn({ 'GET /api/earn/j4r': overview() });
    await open('/earn/j4r?discord=checked&paid=0');
    expect(await screen.findByTestId('discord-return-nothing')).toHaveTextContent('Nothing new to claim');
  });

  it('translates an error Discord came back with', async () => {
    await signIn({ 'GET /api/earn/j4r': overview() });
    const { router } = await open('/earn/j4r?discord_error=DISCORD_ACCOUNT_MISMATCH');
    expect(await screen.findByTestId('discord-return-error')).toHaveTextContent(
      'You signed in to Discord with another account than the one linked here',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when joining for rewards is switched off, or Discord is not set up', async () => {
    await signIn({ 'GET /api/earn/j4r': overview({ enabled: false }) });
    const first = await open();
    expect(await screen.findByTestId('j4r-off')).toHaveTextContent('Join for rewards is switched off');
    first.view.unmount();
    await signOut();
    await signIn({ 'GET /api/earn/j4r': overview({ discord_configured: false, discord: null }) });
    await open();
    expect(await screen.findByTestId('j4r-no-discord')).toHaveTextContent('Discord is not set up on this panel');
    expect(screen.queryByRole('button', { name: 'Link Discord' })).toBeNull();
  });

  it('shows a refused link in words', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/earn/j4r': overview({ discord: null }),
      'POST /api/account/discord/link': apiError(409, 'DISCORD_NOT_CONFIGURED'),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Link Discord' }));
    expect(await screen.findByText('Discord is not set up on this panel.')).toBeInTheDocument();
  });
});
