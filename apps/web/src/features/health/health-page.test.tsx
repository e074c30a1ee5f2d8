import type { HealthCheck } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatters } from '../../lib/format.ts';
import { changeLanguage, i18n } from '../../lib/i18n.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { HealthPage, localParams } from './health-page.tsx';

afterEach(signOut);

const check = (over: Partial<HealthCheck> & Pick<HealthCheck, 'key' | 'state' | 'reason'>): HealthCheck => ({
  action: null,
  params: {},
  detail: null,
  duration_ms: 3,
  ...over,
});
const report = (state: 'green' | 'amber' | 'red', checks: HealthCheck[]) => ({
  success: true,
  state,
  checked_at: '2026-03-01T12:00:00.000Z',
  checks,
});
const open = () => renderPage(<HealthPage />, { path: '/mc-admin/health', url: '/mc-admin/health' });

describe('health page', () => {
  it('lists every check with its colour, the reason and what to do, and the overall state', async () => {
    await signIn(
      {
        'GET /api/admin/health': report('red', [
          check({ key: 'database', state: 'green', reason: 'database.ok', params: { ms: 2 } }),
          check({
            key: 'panel',
            state: 'red',
            reason: 'panel.unreachable',
            action: 'panel.reach',
            detail: 'connect ECONNREFUSED 127.0.0.1:1',
          }),
          check({ key: 'smtp', state: 'amber', reason: 'smtp.not_configured', action: 'smtp.configure' }),
        ]),
      },
      { permissions: ['admin.health.view'] },
    );
    await open();
    const panel = await screen.findByTestId('check-panel');
    expect(panel.getAttribute('data-state')).toBe('red');
    expect(within(panel).getByText('Game panel')).toBeTruthy();
    expect(within(panel).getByText('The panel cannot be reached.')).toBeTruthy();
    expect(within(panel).getByText(/Check the panel address in Settings → Game panel/)).toBeTruthy();
    expect(within(panel).getByText('connect ECONNREFUSED 127.0.0.1:1')).toBeTruthy();
    expect(within(screen.getByTestId('check-database')).getByText('Answered in 2 ms.')).toBeTruthy();
    expect(screen.getByTestId('check-smtp').getAttribute('data-state')).toBe('amber');
    expect(screen.getByTestId('health-overall').textContent).toContain('Something needs attention');
  });

  it('writes numbers, sizes, times and counts in the language of the page', async () => {
    await signIn(
      {
        'GET /api/admin/health': report('green', [
          check({ key: 'disk', state: 'green', reason: 'disk.ok', params: { percent: 30.7, free_mb: 79311 } }),
          check({
            key: 'vpn',
            state: 'green',
            reason: 'vpn.ok',
            params: { ranges: 12500, sources: 2, refreshed: '2026-11-29T04:12:27.816Z' },
          }),
          check({ key: 'plugins', state: 'green', reason: 'plugins.ok', params: { count: 1 } }),
          check({ key: 'queue', state: 'green', reason: 'queue.ok', params: { depth: 1234 } }),
        ]),
      },
      { permissions: ['admin.health.view'] },
    );
    await open();
    expect(await screen.findByTestId('check-disk')).toHaveTextContent('30.7% free (79,311 MB).');
    const vpn = screen.getByTestId('check-vpn');
    expect(vpn).toHaveTextContent('Lists: 2 · address ranges: 12,500 · refreshed Nov 29, 2026');
    expect(vpn).not.toHaveTextContent('2026-11-29T');
    expect(screen.getByTestId('check-plugins')).toHaveTextContent('1 plugin is running without trouble.');
    expect(screen.getByTestId('check-queue')).toHaveTextContent('Server requests waiting: 1,234.');
  });

  it('counts plugins with the plural forms of the language', async () => {
    const f = formatters('en');
    expect(localParams({ count: 0, percent: 5 }, f)).toEqual({ count: 0, percent: '5%' });
    const plugins = (count: number) => i18n.t('health.reasons.plugins.ok', { count });
    expect(plugins(0)).toBe('No plugin is enabled.');
    expect(plugins(3)).toBe('3 plugins are running without trouble.');
    try {
      await changeLanguage('ro');
      expect(plugins(3)).toBe('3 pluginuri rulează fără probleme.');
      expect(plugins(25)).toBe('25 de pluginuri rulează fără probleme.');
      await changeLanguage('de');
      expect(plugins(1)).toBe('1 Plugin läuft ohne Probleme.');
    } finally {
      await changeLanguage('en');
    }
    expect(formatters('fr').megabytes(79311)).toMatch(/^79\s311\sMo$/);
  });

  it('checks again on refresh', async () => {
    let n = 0;
    const calls = await signIn(
      {
        'GET /api/admin/health': () => {
          n += 1;
          return n === 1
            ? report('red', [
                check({ key: 'smtp', state: 'red', reason: 'smtp.unreachable', params: { host: 'mail' } }),
              ])
            : report('green', [check({ key: 'smtp', state: 'green', reason: 'smtp.ok', params: { host: 'mail' } })]);
        },
      },
      { permissions: ['admin.health.view'] },
    );
    await open();
    expect(await screen.findByText('mail cannot be reached.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('mail accepted the connection.')).toBeTruthy();
    expect(screen.getByTestId('health-overall').textContent).toContain('Everything works');
    expect(calls.filter((c) => c.path === '/api/admin/health')).toHaveLength(2);
  });

  it('shows the error when the server refuses', async () => {
    await signIn({ 'GET /api/admin/health': apiError(403, 'FORBIDDEN') }, { permissions: ['admin.health.view'] });
    await open();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
