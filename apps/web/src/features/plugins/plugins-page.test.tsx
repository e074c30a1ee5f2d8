import type { Plugin } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { pluginOf } from '../../test/plugins.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { PluginsPage } from './plugins-page.tsx';

afterEach(() => signOut());

const EDIT = ['admin.plugins.list', 'admin.plugins.edit'];
const open = () => renderPage(<PluginsPage />, { path: '/mc-admin/plugins', url: '/mc-admin/plugins' });
const card = (name: string) =>
  screen.getAllByTestId('plugin-card').find((c) => within(c).queryByRole('heading', { name: new RegExp(name) }))!;

const plugins: Plugin[] = [
  pluginOf({ status: 'disabled', enabled: false }),
  pluginOf({
    identifier: 'discord-webhooks',
    name: 'Discord webhooks',
    source: 'data',
    status: 'failed',
    enabled: false,
    error: 'Switched off after 5 failures in a row',
    failures: { total: 7, consecutive: 5, last_error: 'timeout after 5 s', last_at: '2026-03-01T12:00:00.000Z' },
    hooks: ['member.registered', 'ticket.opened'],
    routes: [],
    config_fields: 0,
  }),
  pluginOf({
    identifier: 'broken-one',
    name: 'broken-one',
    version: null,
    source: 'npm',
    status: 'invalid',
    enabled: false,
    error: 'version: A semantic version such as 1.2.0',
    routes: [],
    config_fields: 0,
  }),
];

describe('plugins page', () => {
  it('lists every plugin with its state, the reason it is not running, its failures and what it hooks', async () => {
    await signIn({ 'GET /api/admin/plugins': { success: true, data: plugins } }, { permissions: EDIT });
    await open();
    await waitFor(() => expect(screen.getAllByTestId('plugin-card')).toHaveLength(3));
    const daily = card('Daily reward');
    expect(within(daily).getByTestId('plugin-status')).toHaveTextContent('Disabled');
    expect(daily).toHaveTextContent('version 1.0.0');
    expect(daily).toHaveTextContent('by Hostdeck');
    expect(daily).toHaveTextContent('Bundled');
    expect(within(daily).getByText('POST /claim (session)')).toBeInTheDocument();
    expect(within(daily).getByRole('link', { name: 'Configure Daily reward' })).toHaveAttribute(
      'href',
      '/mc-admin/plugins/daily-reward/config',
    );
    const discord = card('Discord webhooks');
    expect(within(discord).getByTestId('plugin-status')).toHaveTextContent('Failed');
    expect(within(discord).getByTestId('plugin-error')).toHaveTextContent('Switched off after 5 failures in a row');
    expect(within(discord).getByTestId('plugin-failures')).toHaveTextContent(
      /Failures: 7 in all, 5 in a row · last on .*: timeout after 5 s/,
    );
    expect(within(discord).getByTestId('plugin-hooks')).toHaveTextContent('member.registeredticket.opened');
    expect(within(discord).queryByRole('link', { name: /Configure/ })).toBeNull();
    // A failed plugin may be switched on again; an invalid one cannot.
    expect(within(discord).getByRole('switch')).toBeEnabled();
    const broken = card('broken-one');
    expect(within(broken).getByTestId('plugin-status')).toHaveTextContent('Invalid');
    expect(within(broken).getByTestId('plugin-error')).toHaveTextContent('version: A semantic version');
    expect(within(broken).getByRole('switch', { name: 'broken-one enabled' })).toBeDisabled();
  });

  it('enables at once and asks before disabling', async () => {
    const user = userEvent.setup();
    let list = [pluginOf({ status: 'disabled', enabled: false })];
    const calls = await signIn(
      {
        'GET /api/admin/plugins': () => ({ success: true, data: list }),
        'POST /api/admin/plugins/daily-reward/enable': () => {
          list = [pluginOf()];
          return { success: true, data: { ...list[0], config: [], values: {}, secrets_set: [] } };
        },
        'POST /api/admin/plugins/daily-reward/disable': () => {
          list = [pluginOf({ status: 'disabled', enabled: false })];
          return { success: true, data: { ...list[0], config: [], values: {}, secrets_set: [] } };
        },
      },
      { permissions: EDIT },
    );
    await open();
    const toggle = await screen.findByRole('switch', { name: 'Daily reward enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/enable'))).toBe(true);

    await user.click(toggle);
    const dialog = await screen.findByTestId('plugin-disable-dialog');
    expect(dialog).toHaveTextContent('Disable Daily reward?');
    expect(calls.some((c) => c.path.endsWith('/disable'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.filter((c) => c.path.endsWith('/disable'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('plugin-disable-dialog')).toBeNull());
  });

  it('shows the refusal of a plugin that cannot be loaded', async () => {
    const user = userEvent.setup();
    await signIn(
      {
        'GET /api/admin/plugins': { success: true, data: [pluginOf({ status: 'disabled', enabled: false })] },
        'POST /api/admin/plugins/daily-reward/enable': apiError(409, 'PLUGIN_NOT_LOADABLE'),
      },
      { permissions: EDIT },
    );
    await open();
    await user.click(await screen.findByRole('switch', { name: 'Daily reward enabled' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This plugin cannot be enabled');
  });

  it('without admin.plugins.edit, shows the list without switches to use, configure links or rescan', async () => {
    await signIn(
      { 'GET /api/admin/plugins': { success: true, data: [pluginOf()] } },
      { permissions: ['admin.plugins.list'] },
    );
    await open();
    expect(await screen.findByRole('switch', { name: 'Daily reward enabled' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Configure/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rescan plugin folders' })).toBeNull();
  });

  it('says where plugins go when there are none, and rescans the folders', async () => {
    const user = userEvent.setup();
    let list: Plugin[] = [];
    const calls = await signIn(
      {
        'GET /api/admin/plugins': () => ({ success: true, data: list }),
        'POST /api/admin/plugins/rescan': () => {
          list = [
            pluginOf({ identifier: 'new-one', name: 'New one', source: 'data', status: 'disabled', enabled: false }),
          ];
          return { success: true, data: list };
        },
      },
      { permissions: EDIT },
    );
    await open();
    const empty = await screen.findByTestId('plugins-empty');
    expect(empty).toHaveTextContent('DATA_DIR/plugins/<identifier>/');
    expect(empty).toHaveTextContent('hostdeck-plugin-*');
    await user.click(screen.getByRole('button', { name: 'Rescan plugin folders' }));
    expect(await screen.findByRole('heading', { name: /New one/ })).toBeInTheDocument();
    expect(screen.getByText('Plugin folders scanned again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/plugins/rescan')).toHaveLength(1);
  });
});
