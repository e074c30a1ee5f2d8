import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import { options, server } from '../../test/servers.ts';
import { AdminQueueCreatePage } from './admin-queue-create.tsx';
import { AdminServerDelete, AdminServersList } from './admin-servers.tsx';

afterEach(async () => {
  await sessionManager.clear();
  vi.unstubAllGlobals();
});

const MEMBER = '3f1c2b8e-7a4d-4e2a-9c51-0d6b7e8f9a10';
const session = (permissions: string[]) => ({
  success: true,
  user_info: { uuid: 'admin', username: 'root', role: 8 },
  billing: {},
  stats: {},
  permissions,
});
const page = (data: unknown[]) => ({ success: true, data, total: data.length, page: 1, per_page: 25, total_pages: 1 });

async function signIn(routes: Record<string, unknown>, permissions: string[]) {
  document.cookie = 'user_session=1; path=/';
  const calls = mockApi({ 'GET /api/user/session': session(permissions), ...routes });
  await sessionManager.initialize();
  return calls;
}

describe('admin servers list', () => {
  const row = { ...server(), owner_id: MEMBER, owner_username: 'ada', panel_server_id: 7 };

  it('shows owner, place, resources and status, with Delete for those who may delete', async () => {
    await signIn({ 'GET /api/admin/servers': page([row]) }, ['admin.root']);
    await renderPage(<AdminServersList />, { path: '/mc-admin/servers', url: '/mc-admin/servers' });
    const cells = within((await screen.findByText('Survival')).closest('tr') as HTMLElement);
    expect(cells.getByRole('link', { name: 'ada' })).toHaveAttribute('href', `/mc-admin/users/${MEMBER}/edit`);
    expect(cells.getByText('Europe (Frankfurt)')).toBeInTheDocument();
    expect(cells.getByTestId('server-status')).toHaveTextContent('Active');
    expect(cells.getByTestId('delete-server')).toHaveAttribute('href', '/mc-admin/servers/srv-1/delete');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('leaves Delete out without admin.servers.delete', async () => {
    await signIn({ 'GET /api/admin/servers': page([row]) }, ['admin.servers.list']);
    await renderPage(<AdminServersList />, { path: '/mc-admin/servers', url: '/mc-admin/servers' });
    await screen.findByText('Survival');
    expect(screen.queryByTestId('delete-server')).toBeNull();
    expect(screen.queryByRole('link', { name: 'ada' })).toBeNull();
  });
});

describe('admin server delete page', () => {
  it('names the server and its owner, deletes it and returns to the list', async () => {
    const user = userEvent.setup();
    const row = { ...server(), owner_id: MEMBER, owner_username: 'ada', panel_server_id: 7 };
    const calls = await signIn(
      {
        'GET /api/admin/servers/srv-1': { success: true, data: row },
        'DELETE /api/admin/servers/srv-1': { success: true },
        'GET /api/admin/servers': page([]),
      },
      ['admin.root'],
    );
    await renderPage(<AdminServerDelete />, {
      path: '/mc-admin/servers/:id/delete',
      url: '/mc-admin/servers/srv-1/delete',
      extra: [{ path: '/mc-admin/servers', element: <p>servers list</p> }],
    });
    expect(await screen.findByRole('heading', { name: /Survival \(ada\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('servers list');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/servers/srv-1')).toBe(true);
  });
});

describe('a server of a former panel', () => {
  it('is found by its status and its delete page says only the record goes', async () => {
    const row = { ...server({ status: 'other_panel' }), owner_id: MEMBER, owner_username: 'ada', panel_server_id: 7 };
    await signIn(
      { 'GET /api/admin/servers': page([row]), 'GET /api/admin/servers/srv-1': { success: true, data: row } },
      ['admin.root'],
    );
    await renderPage(<AdminServersList />, { path: '/mc-admin/servers', url: '/mc-admin/servers' });
    const filter = await screen.findByRole('combobox', { name: 'Status' });
    expect(within(filter).getByRole('option', { name: 'On a former panel' })).toHaveValue('other_panel');
    expect(within(filter).getByRole('option', { name: 'Missing on the panel' })).toHaveValue('missing');
    expect(await screen.findByTestId('server-status')).toHaveTextContent('On a former panel');
  });

  it('warns on its delete page that only the record here is removed', async () => {
    const row = { ...server({ id: 'srv-9', status: 'other_panel' }), owner_id: MEMBER, owner_username: 'ada' };
    await signIn({ 'GET /api/admin/servers/srv-9': { success: true, data: row } }, ['admin.root']);
    await renderPage(<AdminServerDelete />, {
      path: '/mc-admin/servers/:id/delete',
      url: '/mc-admin/servers/srv-9/delete',
    });
    expect(
      await screen.findByText(/only its record here is removed, and nothing is deleted on any panel/),
    ).toBeVisible();
  });
});

/** The queue-for-a-member page with the member "ada" found, and the POST answered with `queued`. */
async function queueForAda(queued: unknown) {
  const user = userEvent.setup();
  const calls = await signIn(
    {
      'GET /api/servers/options': options({ free: { ...options().free, memory: 0 } }),
      'GET /api/admin/users?per_page=8': page([]),
      'GET /api/admin/users?per_page=8&search=ada': page([
        {
          id: MEMBER,
          username: 'ada',
          email: 'ada@example.com',
          memory_limit: 4096,
          cpu_limit: 200,
          disk_limit: 8192,
          server_limit: 2,
          banned: false,
        },
      ]),
      'POST /api/admin/server-queue': queued,
    },
    ['admin.root'],
  );
  await renderPage(<AdminQueueCreatePage />, {
    path: '/mc-admin/server-queue/create',
    url: '/mc-admin/server-queue/create',
    extra: [{ path: '/mc-admin/server-queue/:id', element: <p>queue item page</p> }],
  });
  // VIP choices stay open: the server judges the member's access.
  await user.click(await screen.findByTestId('location-2'));
  await user.click(screen.getByTestId('step-next'));
  await user.click(screen.getByTestId('category-5'));
  await user.click(screen.getByTestId('step-next'));
  await user.click(screen.getByTestId('egg-11'));
  await user.click(screen.getByTestId('step-next'));
  return { user, calls };
}

describe('queue a server for a member', () => {
  it('needs a member, goes to the contract maximums, and opens the queued item', async () => {
    const { user, calls } = await queueForAda({ success: true, data: { id: 'q-9' } });
    expect(screen.getByTestId('slider-memory')).toHaveAttribute('max', '10000000');
    await user.type(screen.getByTestId('server-name'), 'For Ada');
    expect(screen.getByTestId('server-submit')).toBeDisabled();
    expect(screen.getByText('Choose a member first.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'ada');
    await user.click(await screen.findByRole('button', { name: /ada@example.com/ }));
    expect(screen.getByTestId('member-chosen')).toHaveTextContent('ada@example.com');
    await user.click(screen.getByTestId('server-submit'));
    await screen.findByText('queue item page');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      user_id: MEMBER,
      name: 'For Ada',
      location_id: 2,
      egg_id: 11,
      memory: 128,
    });
  });

  it('tells staff the member has no room, not that they have none', async () => {
    const { user } = await queueForAda(apiError(409, 'NO_SERVER_SLOT'));
    await user.type(screen.getByTestId('server-name'), 'For Ada');
    await user.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'ada');
    await user.click(await screen.findByRole('button', { name: /ada@example.com/ }));
    await user.click(screen.getByTestId('server-submit'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('The member has no free server slot.'),
    );
    expect(screen.queryByText('You have no free server slot.')).toBeNull();
  });
});
