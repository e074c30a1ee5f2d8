import type { J4rServer } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { J4rServerFormPage } from './j4r-server-form.tsx';
import { J4rServerDelete, J4rServersList } from './j4r-servers-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const GUILD = '123456789012345678';
const server = (overrides: Partial<J4rServer> = {}): J4rServer => ({
  id: 4,
  name: 'Craft Hub',
  guild_id: GUILD,
  invite_code: 'crafthub',
  description: 'Our community',
  icon_url: null,
  coins: 150,
  enabled: true,
  claims: 12,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/j4r-servers', element: <p>servers list</p> };
const openForm = (url = '/mc-admin/j4r-servers/create') =>
  renderPage(<J4rServerFormPage />, {
    path: url.endsWith('create') ? '/mc-admin/j4r-servers/create' : '/mc-admin/j4r-servers/:id/edit',
    url,
    extra: [list],
  });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const number = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe('admin join-for-rewards servers list', () => {
  it('shows name, Discord server id, coins, claims and state, with the actions', async () => {
    await signIn(
      {
        'GET /api/admin/j4r-servers': page([
          server(),
          server({ id: 5, name: 'Pixel Plaza', guild_id: '223456789012345678', claims: 0, enabled: false }),
        ]),
      },
      admin,
    );
    await renderPage(<J4rServersList />, { path: '/mc-admin/j4r-servers', url: '/mc-admin/j4r-servers' });
    const hub = within((await screen.findByText('Craft Hub')).closest('tr') as HTMLElement);
    expect(hub.getByTestId('j4r-guild-id')).toHaveTextContent(GUILD);
    expect(hub.getByText('150')).toBeInTheDocument();
    expect(hub.getByTestId('j4r-claims')).toHaveTextContent('12');
    expect(hub.getByText('Enabled')).toBeInTheDocument();
    expect(hub.getByTestId('edit-j4r-server')).toHaveAttribute('href', '/mc-admin/j4r-servers/4/edit');
    expect(hub.getByTestId('delete-j4r-server')).toHaveAttribute('href', '/mc-admin/j4r-servers/4/delete');
    const plaza = within(screen.getByText('Pixel Plaza').closest('tr') as HTMLElement);
    expect(plaza.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/mc-admin/j4r-servers/create');
  });

  it('leaves out what the member may not do', async () => {
    await signIn({ 'GET /api/admin/j4r-servers': page([server()]) }, { permissions: ['admin.j4r.servers.list'] });
    await renderPage(<J4rServersList />, { path: '/mc-admin/j4r-servers', url: '/mc-admin/j4r-servers' });
    await screen.findByText('Craft Hub');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.queryByTestId('edit-j4r-server')).toBeNull();
    expect(screen.queryByTestId('delete-j4r-server')).toBeNull();
  });

  it('deletes a server after naming it', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/j4r-servers/4': { success: true, data: server() },
        'DELETE /api/admin/j4r-servers/4': { success: true },
      },
      admin,
    );
    await renderPage(<J4rServerDelete />, {
      path: '/mc-admin/j4r-servers/:id/delete',
      url: '/mc-admin/j4r-servers/4/delete',
      extra: [list],
    });
    expect(await screen.findByRole('heading', { name: 'Delete Craft Hub?' })).toBeInTheDocument();
    expect(screen.getByText(/Members keep the coins they were already paid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('servers list');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/j4r-servers/4')).toBe(true);
  });
});

describe('admin join-for-rewards server form', () => {
  it('validates with the contract before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = await signIn({}, admin);
    await openForm();
    await user.type(field('Name'), 'Craft Hub');
    await user.type(field('Discord server id'), '12345');
    await user.type(field('Invite'), 'not a code!');
    await user.click(screen.getByTestId('j4r-submit'));
    expect(await screen.findByText('A Discord id: 17 to 20 digits')).toBeInTheDocument();
    expect(screen.getByText('An invite code or a discord.gg address')).toBeInTheDocument();
    expect(field('Discord server id')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a server, keeping only the code of a discord.gg address', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/j4r-servers': { success: true, data: server() } }, admin);
    await openForm();
    await user.type(field('Name'), 'Craft Hub');
    await user.type(field('Discord server id'), GUILD);
    await user.type(field('Invite'), 'https://discord.gg/crafthub');
    await user.type(field('Description'), 'Our community');
    await user.clear(number('Coins'));
    await user.type(number('Coins'), '150');
    await user.click(screen.getByTestId('j4r-submit'));
    await screen.findByText('servers list');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Craft Hub',
      guild_id: GUILD,
      invite_code: 'crafthub',
      description: 'Our community',
      icon_url: null,
      coins: 150,
      enabled: true,
    });
  });

  it('puts a server listed already on the Discord server id', async () => {
    const user = userEvent.setup();
    await signIn({ 'POST /api/admin/j4r-servers': apiError(409, 'ALREADY_EXISTS') }, admin);
    await openForm();
    await user.type(field('Name'), 'Craft Hub');
    await user.type(field('Discord server id'), GUILD);
    await user.type(field('Invite'), 'crafthub');
    await user.click(screen.getByTestId('j4r-submit'));
    expect(await screen.findByText('This Discord server is already listed.')).toBeInTheDocument();
    expect(field('Discord server id')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a server with the version it was loaded at', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/j4r-servers/4': { success: true, data: server({ icon_url: 'https://cdn.example/i.png' }) },
        'PATCH /api/admin/j4r-servers/4': { success: true, data: server() },
      },
      admin,
    );
    await openForm('/mc-admin/j4r-servers/4/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Craft Hub' })).toBeInTheDocument();
    expect(field('Invite')).toHaveValue('crafthub');
    await user.clear(field('Icon address'));
    await user.clear(number('Coins'));
    await user.type(number('Coins'), '200');
    await user.click(screen.getByTestId('j4r-enabled'));
    await user.click(screen.getByTestId('j4r-submit'));
    await screen.findByText('servers list');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Craft Hub',
      guild_id: GUILD,
      invite_code: 'crafthub',
      description: 'Our community',
      icon_url: null,
      coins: 200,
      enabled: false,
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });
});
