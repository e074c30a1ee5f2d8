import { type AnalyticsDay, DASHBOARD_PERMISSIONS } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AdminDashboardPage } from './dashboard-page.tsx';
import { uptimeParts } from './system-widgets.tsx';

afterEach(signOut);

const ok = <T,>(data: T) => ({ success: true, data });
const overview = ok({
  version: '0.1.0',
  uptime_seconds: 93_780,
  database: { kind: 'pglite', size_bytes: 12 * 1_048_576 },
  counts: { members: 42, servers: 7, queued: 3, open_tickets: 5 },
});
const day = (d: string, over: Partial<AnalyticsDay> = {}): AnalyticsDay => ({
  day: d,
  signups: 0,
  servers: 0,
  tickets: 0,
  coins_earned: 0,
  coins_spent: 0,
  ...over,
});
let seq = 0;
const line = (level: string, message: string) => ({
  id: ++seq,
  time: '2026-03-01T12:00:00.000Z',
  level,
  message,
  context: {},
});
const allWidgets = {
  'GET /api/admin/dashboard/overview': overview,
  'GET /api/admin/dashboard/updates': ok({
    version: '0.1.0',
    changelog: '# Changelog\n\n## 0.1.0\n\n- Dashboard widgets',
  }),
  'GET /api/admin/dashboard/logs?level=info&limit=100': ok([line('info', 'server listening'), line('error', 'boom')]),
  'GET /api/admin/dashboard/logs?level=error&limit=100': ok([line('error', 'boom')]),
  'GET /api/admin/dashboard/analytics': ok([
    day('2026-02-28', { signups: 2 }),
    day('2026-03-01', { signups: 3, coins_spent: 40 }),
  ]),
  'GET /api/admin/dashboard/support': ok({
    open_total: 0,
    by_priority: { low: 0, medium: 0, high: 0, urgent: 0 },
    pending_image_reports: 0,
  }),
  'GET /api/admin/dashboard/premium': ok({
    state: 'valid',
    licensee: 'Acme',
    expires_at: null,
    features: [{ key: 'theme-customization', unlocked: true }],
  }),
  'GET /api/admin/dashboard/repository': ok({ links: [{ key: 'api_docs', url: '/api/docs' }] }),
  'GET /api/admin/audit?per_page=8': page([]),
};
const open = () => renderPage(<AdminDashboardPage />, { path: '/mc-admin', url: '/mc-admin' });

describe('admin dashboard', () => {
  it('shows only the widgets the role may see, and never asks the API for the others', async () => {
    const calls = await signIn(allWidgets, {
      permissions: ['admin.dashboard.view', DASHBOARD_PERMISSIONS.overview, DASHBOARD_PERMISSIONS.support],
    });
    await open();
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('1 d 2 h')).toBeTruthy();
    expect(screen.getByText(/Embedded \(PGlite\)/)).toBeTruthy();
    expect(await screen.findByText('No open tickets.')).toBeTruthy();
    for (const hidden of ['logs', 'analytics', 'updates', 'premium', 'repository', 'activity', 'quick-actions'])
      expect(screen.queryByTestId(`widget-${hidden}`), hidden).toBeNull();
    const asked = calls.map((c) => c.path).filter((p) => p.startsWith('/api/admin'));
    expect(asked.sort()).toEqual(['/api/admin/dashboard/overview', '/api/admin/dashboard/support']);
  });

  it('the support widget counts the image reports waiting for staff', async () => {
    await signIn(
      {
        ...allWidgets,
        'GET /api/admin/dashboard/support': ok({
          open_total: 0,
          by_priority: { low: 0, medium: 0, high: 0, urgent: 0 },
          pending_image_reports: 3,
        }),
      },
      { permissions: ['admin.dashboard.view', DASHBOARD_PERMISSIONS.support] },
    );
    await open();
    const pending = await screen.findByTestId('pending-image-reports');
    expect(pending).toHaveTextContent('Pending image reports3');
    expect(pending.getAttribute('href')).toBe('/mc-admin/image-reports');
    expect(screen.queryByText('No open tickets.')).toBeNull();
  });

  it('says so when the role sees no widget', async () => {
    await signIn(allWidgets, { permissions: ['admin.dashboard.view'] });
    await open();
    expect(screen.getByTestId('no-widgets')).toBeTruthy();
  });

  it('admin.root sees every widget: release notes, analytics totals, license, links and quick actions', async () => {
    await signIn(allWidgets, { permissions: ['admin.root'] });
    await open();
    expect(await screen.findByText('Dashboard widgets')).toBeTruthy();
    expect(await screen.findByTestId('total-signups')).toHaveProperty('textContent', '5');
    expect(screen.getByTestId('total-coins_spent').textContent).toBe('40');
    expect(await screen.findByText('Licensed to Acme')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
    const actions = screen.getByTestId('widget-quick-actions');
    expect(within(actions).getByRole('link', { name: 'Check health' }).getAttribute('href')).toBe('/mc-admin/health');
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
  });

  it('quick actions show only the tasks the role may do', async () => {
    await signIn(allWidgets, {
      permissions: ['admin.dashboard.view', DASHBOARD_PERMISSIONS.quickActions, 'admin.tickets.list'],
    });
    await open();
    const links = within(screen.getByTestId('widget-quick-actions')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/mc-admin/tickets']);
  });

  it('filters the log lines by level', async () => {
    const calls = await signIn(allWidgets, { permissions: ['admin.dashboard.view', DASHBOARD_PERMISSIONS.logs] });
    await open();
    expect(await screen.findByText(/server listening/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'error');
    expect(await screen.findByText(/boom/)).toBeTruthy();
    expect(screen.queryByText(/server listening/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/admin/dashboard/logs?level=error&limit=100')).toBe(true);
  });

  it('shows skeletons while widgets load', async () => {
    await signIn(allWidgets, { permissions: ['admin.root'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    await open();
    expect(screen.getAllByTestId('widget-skeleton').length).toBeGreaterThan(3);
  });
});

describe('uptime', () => {
  it('reads in the largest two units', () => {
    expect(uptimeParts(93_780)).toEqual({ key: 'days', a: 1, b: 2 });
    expect(uptimeParts(3_720)).toEqual({ key: 'hours', a: 1, b: 2 });
    expect(uptimeParts(150)).toEqual({ key: 'minutes', a: 2, b: 0 });
  });
});
