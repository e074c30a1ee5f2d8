import type { EggCategory, Location, PanelFlavour } from '@hostdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { CatalogForm, CatalogList } from './catalog-pages.tsx';

afterEach(() => signOut());

const STAMPS = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z' };
const flavourSettings = (flavour: PanelFlavour) => ({
  success: true,
  settings: [
    {
      key: 'panel_flavour',
      type: 'select',
      group: 'panel',
      visibility: 'private',
      description: '',
      value: flavour,
      default: 'pterodactyl',
      is_set: flavour !== 'pterodactyl',
      options: ['pterodactyl', 'pelican'],
    },
  ],
});
const location = (over: Partial<Location>): Location => ({
  id: 1,
  name: 'Frankfurt',
  description: null,
  panel_location_id: null,
  panel_node_tags: [],
  slots: null,
  vip: false,
  status: 'online',
  icon: null,
  ...STAMPS,
  ...over,
});
const page = (data: unknown[]) => ({ success: true, data, total: data.length, page: 1, per_page: 20, total_pages: 1 });
const ADMIN = ['admin.locations.list', 'admin.locations.create', 'admin.nests.create', 'admin.nests.edit'];

/** A catalogue page for staff on the given panel (null: staff who may not read the settings). */
async function open(ui: React.ReactNode, url: string, path: string, flavour: PanelFlavour | null, routes = {}) {
  const calls = await signIn(
    { 'GET /api/admin/settings': flavour ? flavourSettings(flavour) : undefined, ...routes },
    { permissions: flavour ? [...ADMIN, 'admin.settings.view'] : ADMIN },
  );
  const list = url.split('/').slice(0, 3).join('/');
  await renderPage(ui, { path, url, extra: [{ path: list, element: <p>the list</p> }] });
  return calls;
}
const openLocationForm = (flavour: PanelFlavour | null, routes = {}) =>
  open(<CatalogForm name="locations" />, '/mc-admin/locations/create', '/mc-admin/locations/create', flavour, routes);
const nameBox = () => screen.findByRole('textbox', { name: 'Name' });

describe('the catalogue forms follow the panel software', () => {
  it('on Pelican, a location is linked by node tags, entered as chips', async () => {
    const user = userEvent.setup();
    const calls = await openLocationForm('pelican', { 'POST /api/admin/locations': { success: true, data: {} } });
    await user.type(await nameBox(), 'Europe');
    expect(screen.queryByRole('spinbutton', { name: 'Panel location id' })).toBeNull();
    expect(screen.getByText(/servers of this location go to a node carrying at least one/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Panel node tags' }), 'eu,fast{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('the list');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Europe',
      panel_node_tags: ['eu', 'fast'],
    });
  });

  it('on Pterodactyl, a location is linked by its panel location id', async () => {
    await openLocationForm('pterodactyl');
    await nameBox();
    expect(screen.getByRole('spinbutton', { name: 'Panel location id' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Panel node tags' })).toBeNull();
  });

  it('shows both links to staff who may not read the settings (and does not ask for them)', async () => {
    const calls = await openLocationForm(null);
    await nameBox();
    expect(screen.getByRole('spinbutton', { name: 'Panel location id' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Panel node tags' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/settings')).toBe(false);
  });

  it('lists the node tags of each location on Pelican, and says what the import takes', async () => {
    await open(<CatalogList name="locations" />, '/mc-admin/locations', '/mc-admin/locations', 'pelican', {
      'GET /api/admin/locations': page([
        location({ panel_node_tags: ['eu', 'fast'] }),
        location({ id: 2, name: 'Anywhere' }),
      ]),
    });
    expect(await screen.findByRole('columnheader', { name: 'Node tags' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'eu, fast' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Any node' })).toBeInTheDocument();
    expect(screen.getByTestId('import-from-panel')).toHaveAccessibleDescription(
      /from the panel's locations \(Pterodactyl\) or node tags \(Pelican\)/,
    );
  });

  it('on Pelican, a category is linked by an egg tag; an empty box is no tag', async () => {
    const user = userEvent.setup();
    const calls = await open(
      <CatalogForm name="egg-categories" />,
      '/mc-admin/egg-categories/create',
      '/mc-admin/egg-categories/create',
      'pelican',
      { 'POST /api/admin/egg-categories': { success: true, data: {} } },
    );
    await user.type(await nameBox(), 'Games');
    expect(screen.queryByRole('spinbutton', { name: 'Panel nest id' })).toBeNull();
    const tag = screen.getByRole('textbox', { name: 'Panel egg tag' });
    expect(tag).toHaveAccessibleDescription(/Leave empty: not linked to a tag/);
    await user.type(tag, 'x');
    await user.clear(tag);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('the list');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Games', panel_egg_tag: null });
  });

  it('keeps the import’s "" (the eggs without a tag) when a category is saved untouched', async () => {
    const user = userEvent.setup();
    const other: EggCategory = {
      id: 4,
      name: 'Other',
      description: null,
      panel_nest_id: null,
      panel_egg_tag: '',
      icon: null,
      enabled: true,
      eggs: 2,
      ...STAMPS,
    };
    const calls = await open(
      <CatalogForm name="egg-categories" />,
      '/mc-admin/egg-categories/4/edit',
      '/mc-admin/egg-categories/:id/edit',
      'pelican',
      {
        'GET /api/admin/egg-categories/4': { success: true, data: other },
        'PATCH /api/admin/egg-categories/4': { success: true, data: other },
      },
    );
    await user.type(await nameBox(), ' games');
    expect(screen.getByRole('textbox', { name: 'Panel egg tag' })).toHaveAttribute(
      'placeholder',
      'The eggs without a tag',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('the list');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ name: 'Other games', panel_egg_tag: '' });
  });
});
