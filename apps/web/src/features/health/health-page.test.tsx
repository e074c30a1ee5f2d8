import type { HealthCheck } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { HealthPage } from './health-page.tsx';

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
