import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { DiscordCard } from './discord-card.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
});

const linked = {
  success: true,
  configured: true,
  discord: { id: '123456789012345678', username: 'mia', linked_at: '2026-02-01T10:00:00.000Z' },
};
const unlinked = { success: true, configured: true, discord: null };
const open = (url = '/account') => renderPage(<DiscordCard />, { path: '/account', url, strict: true });

describe('Discord card on my account', () => {
  it('is hidden while the panel has no Discord application', async () => {
    const calls = await signIn({ 'GET /api/account/discord': { success: true, configured: false, discord: null } });
    await open();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/account/discord')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('discord-card')).toBeNull();
  });

  it('links Discord through its consent page, coming back to the account', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = await signIn({
      'GET /api/account/discord': unlinked,
      'POST /api/account/discord/link': { success: true, url: 'https://discord.com/oauth2/authorize?state=a1' },
    });
    await open();
    const card = within(await screen.findByTestId('discord-card'));
    expect(card.getByText(/Link your Discord account to earn coins/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Link Discord' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://discord.com/oauth2/authorize?state=a1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ return_to: 'account' });
  });

  it('shows the linked account and unlinks it after confirming', async () => {
    const user = userEvent.setup();
    let current: typeof linked | typeof unlinked = linked;
    const calls = await signIn({
      'GET /api/account/discord': () => current,
      'DELETE /api/account/discord': () => {
        current = unlinked;
        return { success: true };
      },
    });
    await open();
    expect(await screen.findByTestId('discord-username')).toHaveTextContent('mia');
    expect(screen.getByTestId('discord-id')).toHaveTextContent('123456789012345678');
    expect(screen.getByTestId('discord-linked-at')).toHaveTextContent('Feb 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(screen.getByTestId('discord-unlink-confirm')).toHaveTextContent('Unlink your Discord account');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await user.click(screen.getByRole('button', { name: 'Yes, unlink' }));
    expect(await screen.findByRole('button', { name: 'Link Discord' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByTestId('discord-username')).toBeNull();
  });

  it('says so when Discord came back linked, and cleans the address', async () => {
    await signIn({ 'GET /api/account/discord': linked });
    const { router } = await open('/account?discord=linked');
    expect(await screen.findByTestId('discord-return-linked')).toHaveTextContent('Discord linked');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('translates an error Discord came back with', async () => {
    await signIn({ 'GET /api/account/discord': unlinked });
    await open('/account?discord_error=DISCORD_ALREADY_LINKED');
    expect(await screen.findByTestId('discord-return-error')).toHaveTextContent(
      'This Discord account is linked to another member.',
    );
  });

  it('shows a refused unlink in words', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/account/discord': linked,
      'DELETE /api/account/discord': apiError(409, 'DISCORD_NOT_LINKED'),
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    await user.click(screen.getByRole('button', { name: 'Yes, unlink' }));
    expect(await screen.findByText(/No Discord account is linked/)).toBeInTheDocument();
  });
});
