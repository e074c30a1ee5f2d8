import type { AdminSetting, PanelTestReport } from '@hostdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, json, renderPage } from '../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => signOut());

const setting = (over: Partial<AdminSetting> & Pick<AdminSetting, 'key' | 'type'>): AdminSetting => ({
  group: 'panel',
  visibility: 'private',
  description: '',
  value: null,
  default: null,
  is_set: false,
  ...over,
});
const settings = {
  success: true,
  settings: [
    setting({ key: 'panel_flavour', type: 'select', value: 'pterodactyl', options: ['pterodactyl', 'pelican'] }),
    setting({ key: 'pterodactyl_base_url', type: 'url', value: 'https://panel.example.com', is_set: true }),
  ],
};
const LOCKED =
  '3 server(s) live on or wait for the current Pterodactyl panel: the panel cannot switch to Pelican while they exist';

async function open(routes: Record<string, unknown>) {
  const calls = await signIn(
    { 'GET /api/admin/settings': settings, ...routes },
    { permissions: ['admin.settings.view', 'admin.settings.edit'] },
  );
  await renderPage(<SettingsPage />, { path: '/mc-admin/settings', url: '/mc-admin/settings' });
  return calls;
}
const software = () => screen.findByRole('combobox', { name: 'Panel software' });
const testButton = () => screen.getByRole('button', { name: 'Test the connection' });

describe('Settings → Game panel', () => {
  it('names the panel software, and shows why a flavour change is refused at its field', async () => {
    const user = userEvent.setup();
    const calls = await open({
      'PATCH /api/admin/settings': apiError(409, 'PANEL_FLAVOUR_LOCKED', { panel_flavour: LOCKED }),
    });
    const select = await software();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pterodactyl', 'Pelican']);
    await user.selectOptions(select, 'pelican');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        'The panel software cannot change while servers live on the current panel or wait to be built on it.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ values: { panel_flavour: 'pelican' } });
  });

  it('reports what the connection test found, in the words of the panel found', async () => {
    const user = userEvent.setup();
    let report: PanelTestReport = {
      success: true,
      kind: 'pelican',
      flavour: 'pelican',
      version: '1.0.0-beta26 or later',
      locations: 2,
      nodes: 1,
      categories: 3,
      eggs: 9,
      latency_ms: 42,
    };
    await open({ 'POST /api/admin/panel/test': () => report });
    await software();
    await user.click(testButton());
    expect(
      await screen.findByText(
        'Connected to Pelican 1.0.0-beta26 or later in 42 ms: 2 node tags, 1 node, 3 egg tags, 9 eggs.',
      ),
    ).toBeInTheDocument();
    report = { ...report, kind: 'simulated', flavour: 'pterodactyl', version: '1.x', locations: 1, categories: 1 };
    await user.click(testButton());
    expect(
      await screen.findByText(
        'Connected to the simulated demo panel (Pterodactyl 1.x) in 42 ms: 1 location, 1 node, 1 nest, 9 eggs.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s sentence with a flavour mismatch, as it names the panel found', async () => {
    const user = userEvent.setup();
    const message = 'The panel at this address is Pelican, but Settings → Panel says Pterodactyl: choose Pelican there';
    await open({
      'POST /api/admin/panel/test': json({ success: false, error_code: 'PANEL_FLAVOUR_MISMATCH', message }, 409),
    });
    await software();
    await user.click(testButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The panel at this address is not the software chosen under Settings');
    expect(alert).toHaveTextContent(message);
  });
});

describe('Settings that only admin.root may change', () => {
  const scripts = {
    success: true,
    settings: [
      setting({ key: 'custom_js', type: 'code', group: 'appearance', value: 'console.log(1)', is_set: true }),
      setting({ key: 'custom_css', type: 'code', group: 'appearance', value: 'body{}', is_set: true }),
    ],
  };
  const render = async (permissions: string[]) => {
    await signIn({ 'GET /api/admin/settings': scripts }, { permissions });
    await renderPage(<SettingsPage />, { path: '/mc-admin/settings', url: '/mc-admin/settings' });
    return {
      js: await screen.findByRole('textbox', { name: 'Custom JavaScript' }),
      css: screen.getByRole('textbox', { name: 'Custom CSS' }),
    };
  };

  it('shows custom JavaScript read-only, with the reason, to a settings editor without admin.root', async () => {
    const { js, css } = await render(['admin.settings.view', 'admin.settings.edit']);
    expect(js).toBeDisabled();
    expect(css).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Put Custom JavaScript back to its default' })).toBeDisabled();
    expect(screen.getByText(/Only an administrator with full access \(admin\.root\)/)).toBeInTheDocument();
  });

  it('leaves it editable for admin.root', async () => {
    const { js } = await render(['admin.root']);
    expect(js).toBeEnabled();
    expect(screen.queryByText(/Only an administrator with full access/)).not.toBeInTheDocument();
  });
});
