import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminNav, enabledEntries, memberNav, visibleEntries } from '../../app/nav.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { uiSettingsStore } from '../../lib/ui-settings.ts';
import { json, mockApi, renderPage } from '../../test/render.tsx';
import { SearchLauncher } from './search-launcher.tsx';

afterEach(async () => {
  await sessionManager.clear();
  uiSettingsStore.reset();
  vi.unstubAllGlobals();
});

const page = (data: unknown[]) => ({ success: true, data, total: data.length, page: 1, per_page: 5, total_pages: 1 });
const ticket = (id: number, subject: string) => ({ id, subject, status: 'open', priority: 'medium' });

async function show({ permissions = [] as string[], flags = {}, routes = {} } = {}) {
  document.cookie = 'user_session=1; path=/';
  const calls = mockApi({
    'GET /api/user/session': {
      success: true,
      user_info: { uuid: 'u1', username: 'me', role: 1, credits: 0, avatar: null, role_color: '' },
      billing: {},
      stats: {},
      permissions,
    },
    'GET /api/system/settings': {
      success: true,
      settings: { allow_servers: true, allow_tickets: true, store_enabled: true, ...flags },
      core: {},
      message: null,
      error_code: null,
    },
    'GET /api/users/lookup?q=ada': {
      success: true,
      data: [
        {
          uuid: 'm1',
          username: 'ada_lovelace',
          avatar: null,
          role_name: 'default',
          role_display_name: 'Member',
          role_color: '',
        },
      ],
    },
    'GET /api/servers': {
      success: true,
      panel: 'pterodactyl',
      data: [
        { id: 's1', name: "Ada's world", location_name: 'Frankfurt', egg_name: 'Paper' },
        { id: 's2', name: 'Creative', location_name: 'Frankfurt', egg_name: 'Paper' },
      ],
    },
    'GET /api/tickets?per_page=100': { ...page([ticket(7, 'Ada cannot connect'), ticket(8, 'Billing')]), open: 2 },
    'GET /api/admin/users?search=ada&per_page=5': page([{ id: 'u9', username: 'ada_admin', email: 'ada@example.com' }]),
    'GET /api/admin/servers?search=ada&per_page=5': page([{ id: 's9', name: 'Ada prod', owner_username: 'ada_admin' }]),
    ...routes,
  });
  await sessionManager.initialize();
  await settingsStore.refresh();
  const pages = () => [
    ...enabledEntries(memberNav, settingsStore.get),
    ...visibleEntries(adminNav, sessionManager.getState().data?.permissions ?? []),
  ];
  const view = await renderPage(<SearchLauncher pages={pages} />, {
    path: '/somewhere',
    url: '/somewhere',
    extra: [
      { path: '/profile/:uuid', element: <p>profile page</p> },
      { path: '/ticket/:id', element: <p>ticket page</p> },
      { path: '/mc-admin/users/:id/edit', element: <p>admin user page</p> },
    ],
  });
  return { ...view, calls, user: userEvent.setup() };
}

const combobox = () => screen.findByRole('combobox', { name: 'Search' });
const groupNames = () =>
  screen.queryAllByRole('group').map((g) => g.getAttribute('data-testid')?.replace('search-group-', ''));
const lookups = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/users/lookup'));

async function search(text: string) {
  const input = await combobox();
  fireEvent.change(input, { target: { value: text } });
  // Settled: the debounce has passed and every group has answered.
  await waitFor(() => expect(screen.getByTestId('search-status')).not.toHaveTextContent('Searching…'));
  return input;
}

describe('top bar search', () => {
  it('groups a member’s results and hides the admin groups without their permissions', async () => {
    const { user, calls } = await show();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await search('ada');
    expect(groupNames()).toEqual(['members', 'servers', 'tickets']);
    const servers = within(screen.getByRole('group', { name: 'My servers' }));
    expect(servers.getByRole('option', { name: /Ada's world/ })).toBeInTheDocument();
    expect(servers.queryByRole('option', { name: /Creative/ })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'My tickets' })).getAllByRole('option')).toHaveLength(1);
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('offers staff users, servers and the admin pages they may open', async () => {
    await show({ permissions: ['admin.users.list', 'admin.servers.list'] });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await search('ada');
    expect(groupNames()).toEqual(['members', 'servers', 'tickets', 'users', 'adminServers']);
    expect(within(screen.getByRole('group', { name: 'Users' })).getByRole('option')).toHaveTextContent(
      'ada@example.com',
    );

    await search('user');
    const pages = within(screen.getByRole('group', { name: 'Pages' }));
    expect(pages.getByRole('option', { name: 'Users' })).toBeInTheDocument();
    // admin.roles.list is not held: its page is not offered.
    await search('role');
    expect(screen.queryByRole('group', { name: 'Pages' })).toBeNull();
  });

  it('leaves out the pages and groups of switched-off features', async () => {
    const { calls } = await show({ flags: { allow_tickets: false, store_enabled: false } });
    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    await search('ada');
    expect(groupNames()).toEqual(['members', 'servers']);
    expect(calls.some((c) => c.path.startsWith('/api/tickets'))).toBe(false);
    await search('tick');
    expect(screen.getByTestId('search-status')).toHaveTextContent('Nothing found for “tick”.');
    await search('store');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('moves with the arrows, opens with Enter, and closes with Escape giving focus back', async () => {
    const { user, router } = await show();
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    const input = await search('ada');
    expect(input).toHaveFocus();
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('ada_lovelace');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent("Ada's world");
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(active()).toHaveTextContent('Ada cannot connect');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());

    await user.keyboard('/');
    await search('ada');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await screen.findByText('ticket page');
    expect(router.state.location.pathname).toBe('/ticket/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks once the typing stops, not on every key', async () => {
    const { calls } = await show();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await combobox();
    for (const text of ['a', 'ad', 'ada']) fireEvent.change(input, { target: { value: text } });
    expect(lookups(calls)).toHaveLength(0);
    await waitFor(() => expect(lookups(calls)).toHaveLength(1));
    expect(lookups(calls)[0]?.path).toBe('/api/users/lookup?q=ada');
    await screen.findByRole('option', { name: /ada_lovelace/ });
    expect(lookups(calls)).toHaveLength(1);
  });

  it('says when a group fails, and shows the others', async () => {
    await show({ routes: { 'GET /api/servers': json({ success: false, error_code: 'SERVER_ERROR' }, 500) } });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await search('ada');
    expect(
      within(screen.getByRole('group', { name: 'My servers' })).getByText('These results could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /ada_lovelace/ })).toBeInTheDocument();
  });

  it('without the search bar the button is gone, the shortcut still opens, and "/" types in fields', async () => {
    uiSettingsStore.update('topNavigation', { showSearchBar: false });
    const { user } = await show();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    field.remove();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await combobox()).toBeInTheDocument();
  });
});
