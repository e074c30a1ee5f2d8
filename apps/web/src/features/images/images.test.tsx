import type { LibraryImage } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { CatalogForm } from '../catalog/catalog-pages.tsx';
import { formatSize, imageAddress } from './api.ts';
import { ImageDelete } from './image-delete.tsx';
import { ImagePicker } from './image-picker.tsx';
import { ImageUploadPage } from './image-upload.tsx';
import { ImagesList } from './images-list.tsx';

beforeEach(() => {
  // jsdom has no object URLs; the upload page previews through them.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const image = (overrides: Partial<LibraryImage> = {}): LibraryImage => ({
  id: 4,
  name: 'Logo',
  alt: 'Our logo',
  url: '/api/media/library/abcdefghijklmnopqrstuvwx.png',
  content_type: 'image/png',
  width: 512,
  height: 256,
  size: 20_480,
  usage_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/images', element: <p>images list</p> };
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('helpers', () => {
  it('make absolute addresses and readable sizes', () => {
    expect(imageAddress('/api/media/library/x.png', 'https://panel.example')).toBe(
      'https://panel.example/api/media/library/x.png',
    );
    expect(formatSize(512, 'en')).toBe('512 B');
    expect(formatSize(20_480, 'en')).toBe('20 kB');
    expect(formatSize(1_500_000, 'en')).toBe('1.5 MB');
  });
});

describe('image list', () => {
  it('shows each image with its thumbnail, size, dimensions and usage', async () => {
    await signIn(
      { 'GET /api/admin/images': page([image(), image({ id: 5, name: 'Banner', alt: '', usage_count: 3 })]) },
      admin,
    );
    await renderPage(<ImagesList />, { path: '/mc-admin/images', url: '/mc-admin/images' });
    expect(await screen.findByText('Banner')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Our logo' })).toHaveAttribute('src', image().url);
    expect(screen.getByRole('img', { name: 'Banner' })).toBeInTheDocument();
    expect(screen.getAllByTestId('image-dimensions')[0]).toHaveTextContent('512 × 256');
    expect(screen.getAllByText('20 kB')).toHaveLength(2);
    expect(screen.getByTestId('image-usage')).toHaveTextContent('3 records');
    expect(screen.getByText('Not used')).toBeInTheDocument();
    expect(screen.getAllByTestId('delete-image')[1]).toHaveAttribute('href', '/mc-admin/images/5/delete');
    expect(screen.getByRole('link', { name: /create/i })).toHaveAttribute('href', '/mc-admin/images/create');
  });

  it('hides create and delete without their permissions', async () => {
    await signIn({ 'GET /api/admin/images': page([image()]) }, { permissions: ['admin.images.list'] });
    await renderPage(<ImagesList />, { path: '/mc-admin/images', url: '/mc-admin/images' });
    expect(await screen.findByText('Logo')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-image')).toBeNull();
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });
});

describe('upload page', () => {
  it('uploads several files with their names and alt texts, then returns to the list', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/images': { success: true, data: image() } }, admin);
    await renderPage(<ImageUploadPage />, {
      path: '/mc-admin/images/create',
      url: '/mc-admin/images/create',
      extra: [list],
    });
    await user.upload(screen.getByTestId('image-files'), [png('first.png'), png('second.png')]);
    expect(screen.getAllByTestId('image-pending')).toHaveLength(2);
    const [first] = screen.getAllByTestId('image-pending');
    const name = within(first!).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('first');
    await user.clear(name);
    await user.type(name, 'Hero');
    await user.type(within(first!).getByRole('textbox', { name: 'Alternative text' }), 'A hero');
    await user.click(screen.getByTestId('upload-images'));
    expect(await screen.findByText('images list')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const form = posts[0]!.body as FormData;
    expect([form.get('name'), form.get('alt'), (form.get('file') as File).name]).toEqual([
      'Hero',
      'A hero',
      'first.png',
    ]);
    expect((posts[1]!.body as FormData).get('name')).toBe('second');
  });

  it('keeps a refused file with the translated reason while the others go through', async () => {
    const user = userEvent.setup();
    let n = 0;
    await signIn(
      {
        'POST /api/admin/images': () =>
          ++n === 1 ? apiError(415, 'IMAGE_TYPE_NOT_ALLOWED') : { success: true, data: image() },
      },
      admin,
    );
    await renderPage(<ImageUploadPage />, {
      path: '/mc-admin/images/create',
      url: '/mc-admin/images/create',
      extra: [list],
    });
    await user.upload(screen.getByTestId('image-files'), [png('fake.png'), png('good.png')]);
    await user.click(screen.getByTestId('upload-images'));
    expect(await screen.findByText('Only PNG, JPEG, GIF and WebP pictures are accepted.')).toBeInTheDocument();
    expect(screen.getAllByTestId('image-pending')).toHaveLength(1);
    expect(screen.getByText(/fake\.png/)).toBeInTheDocument();
    expect(screen.queryByText('images list')).toBeNull();
  });
});

describe('delete page', () => {
  const open = () =>
    renderPage(<ImageDelete />, {
      path: '/mc-admin/images/:id/delete',
      url: '/mc-admin/images/4/delete',
      extra: [list],
    });

  it('deletes an unused image without further confirmation', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/images/4': { success: true, data: image() },
        'GET /api/admin/images/4/usage': { success: true, data: [] },
        'DELETE /api/admin/images/4': { success: true },
      },
      admin,
    );
    await open();
    await user.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('images list')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/images/4')).toBe(true);
  });

  it('lists where a used image appears and deletes it only once the admin confirms', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/images/4': { success: true, data: image({ usage_count: 2 }) },
        'GET /api/admin/images/4/usage': {
          success: true,
          data: [
            { type: 'location', id: 1, name: 'Frankfurt' },
            { type: 'announcement', id: 9, name: 'Launch day' },
          ],
        },
        'DELETE /api/admin/images/4?confirm=true': { success: true },
      },
      admin,
    );
    await open();
    const usage = await screen.findByTestId('image-usage-list');
    expect(within(usage).getByRole('link', { name: 'Frankfurt' })).toHaveAttribute(
      'href',
      '/mc-admin/locations/1/edit',
    );
    expect(within(usage).getByText('Announcement:')).toBeInTheDocument();
    expect(screen.getByText('This image is shown by 2 records:')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-delete')).toBeDisabled();
    await user.click(screen.getByTestId('confirm-usage'));
    await user.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText('images list')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/images/4?confirm=true']);
  });
});

describe('image picker', () => {
  const library = {
    'GET /api/admin/images?per_page=48&sort=-created_at': page([image(), image({ id: 5, name: 'Banner' })]),
  };

  it('opens the library and hands back the chosen image address', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    await signIn(library, admin);
    await renderPage(<ImagePicker onPick={onPick} />, { path: '/x', url: '/x' });
    await user.click(screen.getByTestId('image-picker'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /Banner/ }));
    expect(onPick).toHaveBeenCalledWith(`${window.location.origin}${image().url}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered without admin.images.list', async () => {
    await signIn(library, { permissions: ['admin.locations.create'] });
    await renderPage(<ImagePicker onPick={vi.fn()} />, { path: '/x', url: '/x' });
    expect(screen.queryByTestId('image-picker')).toBeNull();
  });

  it('fills the icon of the location form', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        ...library,
        'POST /api/admin/locations': (body: unknown) => ({ success: true, data: { id: 1, ...(body as object) } }),
      },
      admin,
    );
    await renderPage(<CatalogForm name="locations" />, {
      path: '/mc-admin/locations/create',
      url: '/mc-admin/locations/create',
      extra: [{ path: '/mc-admin/locations', element: <p>locations list</p> }],
    });
    // The form waits for the panel software (its fields depend on it).
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Frankfurt');
    await user.click(screen.getByTestId('icon-picker'));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: /Logo/ }));
    const address = `${window.location.origin}${image().url}`;
    expect(screen.getByRole('textbox', { name: 'Icon URL' })).toHaveValue(address);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('locations list')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Frankfurt', icon: address });
  });
});
