import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '../../../components/ui/field.tsx';
import { resourceApi } from '../../../lib/resource-api.ts';
import { signIn, signOut } from '../../../test/economy.ts';
import { apiError, json, renderPage } from '../../../test/render.tsx';
import { ResourceDeletePage } from './confirm-delete.tsx';
import { crudPages } from './crud-pages.ts';
import { ResourceEditPage, ResourceFormFrame } from './resource-edit-page.tsx';
import { EmptyList } from './resource-list.tsx';
import { RowActions } from './row-actions.tsx';
import { useResourceEditor } from './use-resource-editor.ts';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

// A resource of its own, so these tests speak of the shared pieces and of no real resource's rules.
interface Thing {
  id: number;
  name: string;
  updated_at: string;
}
const thingsApi = resourceApi<Thing, { name: string }, { name?: string; updated_at: string }>('things');
const CreateSchema = z.object({ name: z.string().min(2) }).strict();
const UpdateSchema = CreateSchema.partial().extend({ updated_at: z.string() }).strict();
const thing: Thing = { id: 3, name: 'Lamp', updated_at: '2026-01-02T00:00:00.000Z' };
const BASE = '/mc-admin/things';

function ThingForm({ item }: { item?: Thing }) {
  const editor = useResourceEditor({
    api: thingsApi,
    item,
    create: CreateSchema,
    update: UpdateSchema,
    listPath: BASE,
    unique: { field: 'name', message: 'errors.ALREADY_EXISTS' },
    defaults: (t) => ({ name: t?.name ?? '' }),
  });
  return (
    <ResourceFormFrame editor={editor} title={item ? `Edit ${item.name}` : 'New thing'} cancelTo={BASE} testId="thing">
      <Field label="Name" error={editor.errors.name?.message} {...editor.form.register('name')} />
    </ResourceFormFrame>
  );
}
const ThingPage = () => <ResourceEditPage api={thingsApi}>{(item) => <ThingForm item={item} />}</ResourceEditPage>;
const list = { path: BASE, element: <p>things list</p> };
const open = (url: string) =>
  renderPage(<ThingPage />, {
    path: url.endsWith('create') ? `${BASE}/create` : `${BASE}/:id/edit`,
    url,
    extra: [list],
  });
const nameField = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;

describe('an empty resource list', () => {
  afterEach(cleanup);
  const show = (props: Parameters<typeof EmptyList>[0]) =>
    renderPage(<EmptyList {...props} />, { path: BASE, url: BASE });

  it('says nothing matches when a search or filter is set, whatever the page would say otherwise', async () => {
    await show({ list: { narrowed: true }, canCreate: true, empty: <p>No thing waits.</p> });
    expect(screen.getByTestId('resource-empty')).toHaveTextContent(
      'Nothing matches this search or these filters. Try other words, or clear the search and the filters.',
    );
  });

  it('offers to create the first one only where creating is possible', async () => {
    await show({ list: { narrowed: false }, canCreate: true });
    expect(screen.getByTestId('resource-empty')).toHaveTextContent(
      'Nothing here yet. Create the first one with “Create”.',
    );
    cleanup();
    await show({ list: { narrowed: false }, canCreate: false });
    expect(screen.getByTestId('resource-empty')).toHaveTextContent(/^Nothing here yet\.$/);
  });

  it("shows the page's own words when nothing exists yet", async () => {
    await show({ list: { narrowed: false }, canCreate: false, empty: <p>No thing waits.</p> });
    expect(screen.getByTestId('resource-empty')).toHaveTextContent(/^No thing waits\.$/);
  });
});

describe('ResourceEditPage and useResourceEditor', () => {
  it('show the loading state until the item arrives, then the form filled from it', async () => {
    await signIn({});
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/admin/things/3' ? answered : fake(input, init),
    );
    await open(`${BASE}/3/edit`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByTestId('thing')).toBeNull();
    answer(json({ success: true, data: thing }));
    expect(await screen.findByRole('heading', { name: 'Edit Lamp' })).toBeInTheDocument();
    expect(nameField().value).toBe('Lamp');
  });

  it('show a failed load in words with a retry that loads it again', async () => {
    const user = userEvent.setup();
    let loads = 0;
    const calls = await signIn({
      'GET /api/admin/things/3': () => (++loads === 1 ? apiError(500, 'SERVER_ERROR') : { success: true, data: thing }),
    });
    await open(`${BASE}/3/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected server error occurred');
    expect(screen.queryByTestId('thing')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Edit Lamp' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/things/3')).toHaveLength(2);
  });

  it('create on /create: validates with the create schema, POSTs the values and returns to the list', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/things': { success: true, data: thing } });
    await open(`${BASE}/create`);
    expect(screen.getByRole('heading', { name: 'New thing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', BASE);
    await user.type(nameField(), 'L');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(nameField(), 'amp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('things list');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/admin/things', body: { name: 'Lamp' } });
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/api/admin/things'))).toBe(false);
  });

  it('update on /:id/edit: PATCHes the item with the version it was loaded at', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/admin/things/3': { success: true, data: thing },
      'PATCH /api/admin/things/3': { success: true, data: { ...thing, name: 'Desk lamp' } },
    });
    await open(`${BASE}/3/edit`);
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.type(nameField(), 'Desk lamp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('things list');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Desk lamp', updated_at: thing.updated_at });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('put a taken unique value on its field and stay on the form; other errors above the form', async () => {
    const user = userEvent.setup();
    let answer = apiError(409, 'ALREADY_EXISTS');
    await signIn({ 'POST /api/admin/things': () => answer });
    await open(`${BASE}/create`);
    await user.type(nameField(), 'Lamp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another record already uses this value; choose a different one.')).toBeVisible();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    answer = apiError(500, 'SERVER_ERROR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/An unexpected server error occurred/)).toBeInTheDocument();
    expect(screen.queryByText('things list')).toBeNull();
  });
});

describe('ResourceDeletePage', () => {
  const openDelete = () =>
    renderPage(<ResourceDeletePage api={thingsApi} label={(t) => `“${t.name}”`} listPath={BASE} />, {
      path: `${BASE}/:id/delete`,
      url: `${BASE}/3/delete`,
      extra: [list],
    });

  it('names the item, deletes it only once confirmed, then returns to the list', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      'GET /api/admin/things/3': { success: true, data: thing },
      'DELETE /api/admin/things/3': { success: true },
    });
    await openDelete();
    expect(await screen.findByRole('heading', { name: 'Delete “Lamp”?' })).toBeInTheDocument();
    expect(screen.getByText('This cannot be undone from the panel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', BASE);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('things list');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/things/3']);
  });

  it('stays with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    await signIn({
      'GET /api/admin/things/3': { success: true, data: thing },
      'DELETE /api/admin/things/3': apiError(404, 'NOT_FOUND'),
    });
    await openDelete();
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(screen.queryByText('things list')).toBeNull();
  });
});

describe('RowActions and crudPages', () => {
  it('link a row to its edit and delete pages, each only when allowed', async () => {
    await signIn({});
    const { view } = await renderPage(
      <>
        <RowActions to={`${BASE}/3`} edit remove testId="thing" />
        <RowActions to={`${BASE}/4`} remove={false} testId="other">
          <a href="/extra">Extra</a>
        </RowActions>
      </>,
      { path: BASE, url: BASE },
    );
    expect(screen.getByTestId('edit-thing')).toHaveAttribute('href', `${BASE}/3/edit`);
    expect(screen.getByTestId('delete-thing')).toHaveAttribute('href', `${BASE}/3/delete`);
    expect(screen.getByRole('link', { name: 'Extra' })).toBeInTheDocument();
    expect(screen.queryByTestId('edit-other')).toBeNull();
    expect(screen.queryByTestId('delete-other')).toBeNull();
    expect(view.container.querySelectorAll('a')).toHaveLength(3);
  });

  it('gives a resource its four pages, each behind its own permission', async () => {
    const Page = () => null;
    const pages = crudPages({
      path: 'things',
      permission: 'admin.things',
      list: async () => Page,
      form: async () => Page,
      remove: async () => Page,
    });
    expect(pages.map((p) => [p.path, p.permission])).toEqual([
      ['things', 'admin.things.list'],
      ['things/create', 'admin.things.create'],
      ['things/:id/edit', 'admin.things.edit'],
      ['things/:id/delete', 'admin.things.delete'],
    ]);
    const edit = pages.find((p) => p.path === 'things/:id/edit')?.lazy as () => Promise<{ Component: unknown }>;
    const loaded = await edit();
    expect(loaded.Component).toBe(Page);
  });
});
