import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '../../lib/settings-store.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { server } from '../../test/servers.ts';
import { expiryTone } from '../servers/status-badge.tsx';
import { ServersPanel } from './servers-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3600_000;
const settings = (values: Record<string, unknown>) => ({
  success: true,
  settings: values,
  core: {},
  message: null,
  error_code: null,
});

async function show(renew: boolean, servers: unknown[], requests: unknown[] = [], panel = 'pterodactyl') {
  mockApi({
    'GET /api/system/settings': settings({ allow_servers: true, server_renew_enabled: renew }),
    'GET /api/servers': { success: true, data: servers, panel },
    'GET /api/servers/requests': { success: true, data: requests, free: {} },
  });
  await settingsStore.refresh();
  await renderPage(<ServersPanel />, { path: '/', url: '/' });
}

describe('expiry colours', () => {
  it('rose once expired or suspended, amber within three days', () => {
    const now = Date.now();
    const at = (h: number) => new Date(now + h * HOUR).toISOString();
    expect(expiryTone(at(-1), 'active', now)).toBe('expired');
    expect(expiryTone(at(240), 'suspended', now)).toBe('expired');
    expect(expiryTone(at(71), 'active', now)).toBe('soon');
    expect(expiryTone(at(73), 'active', now)).toBe('later');
  });
});

describe('the demo panel', () => {
  it('is named as simulated above the servers', async () => {
    await show(false, [server()], [], 'simulated');
    expect(await screen.findByTestId('demo-panel-note')).toHaveTextContent(/simulated/);
  });
  it('is not mentioned on a real panel', async () => {
    await show(false, [server()]);
    await screen.findByTestId('server-card');
    expect(screen.queryByTestId('demo-panel-note')).toBeNull();
  });
});

describe('server cards', () => {
  it('show the server, its status, resources, expiry and actions', async () => {
    await show(true, [
      server({
        panel_url: 'https://panel.example.com/server/abc123',
        expires_at: new Date(Date.now() + 26 * HOUR).toISOString(),
      }),
    ]);
    const card = await screen.findByTestId('server-card');
    expect(within(card).getByRole('heading', { name: 'Survival' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Europe (Frankfurt) · Paper');
    expect(within(card).getByTestId('server-status')).toHaveTextContent('Active');
    expect(within(card).getByTestId('server-resources')).toHaveTextContent('1,024 MB');
    expect(within(card).getByTestId('server-expiry')).toHaveAttribute('data-tone', 'soon');
    expect(within(card).getByTestId('server-expiry')).toHaveTextContent('Expires tomorrow');
    const panel = within(card).getByTestId('server-open-panel');
    expect(panel).toHaveAttribute('href', 'https://panel.example.com/server/abc123');
    expect(panel).toHaveAttribute('target', '_blank');
    expect(panel).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('link', { name: 'Update' })).toHaveAttribute('href', '/server/srv-1/update');
    expect(within(card).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/server/srv-1/renew');
    expect(within(card).getByRole('link', { name: 'Delete' })).toHaveAttribute('href', '/server/srv-1/delete');
  });

  it('leave out the panel link without a panel address, and Renew when renewal is off', async () => {
    await show(false, [server({ status: 'suspended', expires_at: null })]);
    const card = await screen.findByTestId('server-card');
    expect(within(card).queryByTestId('server-open-panel')).toBeNull();
    expect(within(card).queryByTestId('server-renew')).toBeNull();
    expect(within(card).queryByTestId('server-expiry')).toBeNull();
    expect(within(card).getByTestId('server-status')).toHaveTextContent('Suspended');
  });

  it('say what is left to do with a server the panel no longer has, or one built on a former panel', async () => {
    await show(true, [
      server({ id: 'gone', status: 'missing' }),
      server({ id: 'old', name: 'Old', status: 'other_panel' }),
    ]);
    const [gone, old] = (await screen.findAllByTestId('server-card')) as [HTMLElement, HTMLElement];
    expect(within(gone).getByTestId('server-status')).toHaveTextContent('Missing on the panel');
    expect(within(gone).getByTestId('server-note')).toHaveTextContent('The game panel no longer has this server.');
    expect(within(gone).queryByTestId('server-update')).toBeNull();
    expect(within(gone).queryByTestId('server-renew')).toBeNull();
    expect(within(gone).getByTestId('server-delete')).toHaveAttribute('href', '/server/gone/delete');
    expect(within(old).getByTestId('server-status')).toHaveTextContent('On a former panel');
    expect(within(old).getByTestId('server-note')).toHaveTextContent('a game panel this site no longer uses');
    for (const action of ['server-update', 'server-renew', 'server-delete'])
      expect(within(old).queryByTestId(action)).toBeNull();
  });

  it('offer an empty state that leads to creation', async () => {
    await show(false, [], []);
    expect(await screen.findByTestId('servers-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a server' })).toHaveAttribute('href', '/server/create');
  });

  it('list open requests with their status and last error', async () => {
    const request = {
      id: 'q-1',
      name: 'Modded',
      status: 'failed',
      last_error: 'No allocation left on the node',
      created_at: new Date().toISOString(),
    };
    await show(false, [], [request]);
    const item = await screen.findByTestId('server-request');
    expect(item).toHaveTextContent('Modded');
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent('No allocation left on the node');
  });

  it('tell a failed request’s reason by its code, in the member’s words; the panel’s own stay in the tooltip', async () => {
    const lastError = 'PANEL_REFUSED: The panel refused the build: No nodes satisfying the requirements';
    const request = {
      id: 'q-2',
      name: 'Modded',
      status: 'failed',
      last_error: lastError,
      created_at: new Date().toISOString(),
    };
    await show(false, [], [request]);
    const item = await screen.findByTestId('server-request');
    expect(item).toHaveTextContent('The game panel refused to build this server');
    expect(item).not.toHaveTextContent('No nodes satisfying');
    expect(within(item).getByTitle(lastError)).toBeInTheDocument();
  });
});
