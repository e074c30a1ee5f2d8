import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { RolePermissions } from './role-permissions.tsx';

afterEach(() => signOut());

const role = {
  id: 4,
  name: 'support',
  display_name: 'Support',
  color: '#22c55e',
  level: 3,
  permissions: ['admin.tickets.list', 'plugin.daily-reward.view_claims'],
  builtin: false,
  members: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
const pluginPermissions = [
  {
    key: 'plugin.daily-reward.view_claims',
    description: 'See every claim',
    plugin: 'daily-reward',
    plugin_name: 'Daily reward',
    translations: {
      fr: {
        name: 'Récompense quotidienne',
        permissions: { 'plugin.daily-reward.view_claims': 'Voir chaque réclamation' },
      },
    },
  },
  {
    key: 'plugin.daily-reward.reset',
    description: 'Reset a streak',
    plugin: 'daily-reward',
    plugin_name: 'Daily reward',
    translations: { fr: { name: 'Récompense quotidienne' } },
  },
  {
    key: 'plugin.status-card.view',
    description: 'See the status card',
    plugin: 'status-card',
    plugin_name: 'Server status',
    translations: {},
  },
];

describe('role permissions editor', () => {
  it('adds the permissions of installed plugins, one category per plugin, and saves them with the others', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/roles/4/permissions': { success: true, data: role },
        'GET /api/admin/plugins/permissions': { success: true, data: pluginPermissions },
        'PUT /api/admin/roles/4/permissions': (body: unknown) => ({
          success: true,
          data: { ...role, ...(body as object) },
        }),
      },
      { permissions: ['admin.root'] },
    );
    await renderPage(<RolePermissions />, {
      path: '/mc-admin/roles/:id/permissions',
      url: '/mc-admin/roles/4/permissions',
    });
    const daily = await screen.findByRole('group', { name: 'Plugin: Daily reward' });
    expect(within(daily).getByRole('checkbox', { name: /plugin\.daily-reward\.view_claims/ })).toBeChecked();
    expect(within(daily).getByText('See every claim')).toBeInTheDocument();
    const reset = within(daily).getByRole('checkbox', { name: /plugin\.daily-reward\.reset/ });
    expect(reset).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Plugin: Server status' })).toBeInTheDocument();

    await user.click(reset);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as { permissions: string[] };
    expect(body.permissions.sort()).toEqual(
      ['admin.tickets.list', 'plugin.daily-reward.reset', 'plugin.daily-reward.view_claims'].sort(),
    );
  });

  it("names plugins and their permissions in the staff member's language when the manifest has it", async () => {
    await signIn(
      {
        'GET /api/admin/roles/4/permissions': { success: true, data: role },
        'GET /api/admin/plugins/permissions': { success: true, data: pluginPermissions },
      },
      { permissions: ['admin.root'] },
    );
    try {
      await changeLanguage('fr');
      await renderPage(<RolePermissions />, {
        path: '/mc-admin/roles/:id/permissions',
        url: '/mc-admin/roles/4/permissions',
      });
      const daily = await screen.findByRole('group', { name: /Récompense quotidienne/ });
      expect(within(daily).getByText('Voir chaque réclamation')).toBeInTheDocument();
      // Not translated by its manifest: its English.
      expect(within(daily).getByText('Reset a streak')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: /Server status/ })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
