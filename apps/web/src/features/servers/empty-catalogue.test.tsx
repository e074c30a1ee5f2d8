import type { PanelKind } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { session, signOut } from '../../test/economy.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { options } from '../../test/servers.ts';
import { CreateServerPage } from './create-page.tsx';

afterEach(() => signOut());

const empty = (panel: PanelKind = null) => options({ panel, locations: [], categories: [], eggs: [] });
const demoResult = {
  success: true,
  locations: { created: 2, updated: 0 },
  categories: { created: 2, updated: 0 },
  eggs: { created: 3, updated: 0 },
};

/** /server/create for someone holding `permissions`, with the given answers. */
async function openAs(permissions: string[], routes: Record<string, unknown>) {
  document.cookie = 'user_session=1; path=/';
  const calls = mockApi({ 'GET /api/user/session': session({}, permissions), ...routes });
  await sessionManager.initialize();
  await renderPage(<CreateServerPage />, { path: '/server/create', url: '/server/create' });
  return calls;
}

describe('the create page on an empty catalogue', () => {
  it('tells members there are no server types yet, without the staff hint', async () => {
    await openAs([], { 'GET /api/servers/options': empty() });
    expect(await screen.findByTestId('empty-catalogue')).toHaveTextContent('No server types yet');
    expect(screen.queryByTestId('empty-catalogue-staff')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /demo panel/ })).not.toBeInTheDocument();
  });

  it('tells staff where to connect a panel, with a link, and switches the demo panel on in one click', async () => {
    const user = userEvent.setup();
    let answer = empty();
    const calls = await openAs(['admin.settings.edit'], {
      'GET /api/servers/options': () => answer,
      'POST /api/admin/panel/demo': () => {
        answer = options({ panel: 'simulated' });
        return demoResult;
      },
    });
    const hint = await screen.findByTestId('empty-catalogue-staff');
    expect(hint).toHaveTextContent('Admin → Settings → Game panel');
    expect(within(hint).getByRole('link', { name: 'Open the panel settings' })).toHaveAttribute(
      'href',
      '/mc-admin/settings#settings-panel',
    );
    await user.click(within(hint).getByRole('button', { name: 'Try it with the demo panel' }));
    // The options are fetched again and the wizard replaces the empty state.
    expect(await screen.findByTestId('demo-panel-note')).toBeInTheDocument();
    expect(screen.getByTestId('location-1')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/panel/demo')).toHaveLength(1);
  });

  it('shows catalogue staff the hint without the demo button they may not use', async () => {
    await openAs(['admin.locations.list'], { 'GET /api/servers/options': empty() });
    const hint = await screen.findByTestId('empty-catalogue-staff');
    expect(within(hint).getByRole('link', { name: 'Open the panel settings' })).toBeInTheDocument();
    expect(within(hint).queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(['pterodactyl', 'pelican'] as const)(
    'sends staff to the catalogue import when a real panel (%s) is connected, without the demo button',
    async (panel) => {
      await openAs(['admin.root'], { 'GET /api/servers/options': empty(panel) });
      const hint = await screen.findByTestId('empty-catalogue-staff');
      expect(within(hint).getByRole('link', { name: 'Open the catalogue' })).toHaveAttribute(
        'href',
        '/mc-admin/locations',
      );
      expect(within(hint).queryByRole('button')).not.toBeInTheDocument();
    },
  );
});
