import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { session, settingsResponse, signOut } from '../../test/economy.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => signOut());

describe('the dashboard', () => {
  it('shows the session’s stats: server slots in use of the limit, and open tickets', async () => {
    document.cookie = 'user_session=1; path=/';
    mockApi({
      'GET /api/system/settings': settingsResponse({ allow_servers: true }),
      'GET /api/user/session': { ...session({ server_limit: 3 }), stats: { servers: 2, tickets: 1 } },
      'GET /api/servers': { success: true, data: [], panel: 'pterodactyl' },
      'GET /api/servers/requests': { success: true, data: [], free: {} },
    });
    await settingsStore.refresh();
    await sessionManager.initialize();
    await renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard' });
    expect(screen.getByText('Server slots in use')).toBeInTheDocument();
    expect(screen.getByTestId('stat-servers')).toHaveTextContent('2 / 3');
    expect(screen.getByText('Open tickets')).toBeInTheDocument();
    expect(screen.getByTestId('stat-tickets')).toHaveTextContent('1');
    // Specification §3: each key of stats is also kept in local storage.
    expect(localStorage.getItem('servers')).toBe('2');
    expect(localStorage.getItem('tickets')).toBe('1');
  });
});
