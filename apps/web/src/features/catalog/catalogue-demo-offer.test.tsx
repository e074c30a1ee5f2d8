import type { PanelKind } from '@hostdeck/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { session, signOut } from '../../test/economy.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { options } from '../../test/servers.ts';
import { CatalogList } from './catalog-pages.tsx';

afterEach(() => signOut());

const page = (data: unknown[]) => ({ success: true, data, total: data.length, page: 1, per_page: 20, total_pages: 1 });
const paris = { id: 1, name: 'Paris', status: 'online', slots: null, vip: false };

async function open(permissions: string[], rows: unknown[], panel: PanelKind = null) {
  document.cookie = 'user_session=1; path=/';
  let list = rows;
  const calls = mockApi({
    'GET /api/user/session': session({}, permissions),
    'GET /api/admin/locations': () => page(list),
    'GET /api/servers/options': options({ panel, locations: [], categories: [], eggs: [] }),
    'POST /api/admin/panel/demo': () => {
      list = [paris];
      return {
        success: true,
        locations: { created: 1, updated: 0 },
        categories: { created: 1, updated: 0 },
        eggs: { created: 1, updated: 0 },
      };
    },
  });
  await sessionManager.initialize();
  await renderPage(<CatalogList name="locations" />, { path: '/mc-admin/locations', url: '/mc-admin/locations' });
  return calls;
}

describe('an empty catalogue list', () => {
  it('offers settings staff the demo panel in one click, and lists what it imported', async () => {
    const user = userEvent.setup();
    const calls = await open(['admin.locations.create', 'admin.locations.list', 'admin.settings.edit'], []);
    await user.click(await screen.findByRole('button', { name: 'Try it with the demo panel' }));
    expect(await screen.findByText('Paris')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/panel/demo')).toHaveLength(1);
    // Not empty any more: the offer is gone.
    expect(screen.queryByRole('button', { name: 'Try it with the demo panel' })).not.toBeInTheDocument();
  });

  it('is offered again while the demo panel is on, but not without the settings permission nor with a real panel', async () => {
    await open(['admin.root'], [], 'simulated');
    expect(await screen.findByTestId('demo-panel')).toBeInTheDocument();
    cleanup();
    await signOut();

    await open(['admin.locations.create', 'admin.locations.list'], []);
    expect(await screen.findByTestId('import-from-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('demo-panel')).not.toBeInTheDocument();
    cleanup();
    await signOut();

    const calls = await open(['admin.root'], [], 'pterodactyl');
    expect(await screen.findAllByTestId('import-from-panel')).not.toHaveLength(0);
    await screen.findByText(/Nothing here yet/);
    expect(calls.some((c) => c.path === '/api/servers/options')).toBe(true);
    expect(screen.queryByTestId('demo-panel')).not.toBeInTheDocument();
  });
});
