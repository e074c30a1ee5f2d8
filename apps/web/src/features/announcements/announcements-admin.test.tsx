import type { Announcement } from '@hostdeck/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { AnnouncementFormPage, parseTags } from './announcement-form.tsx';
import { AnnouncementDelete, AnnouncementsList, stateOf } from './announcements-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const announcement = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: 4,
  title: 'Maintenance',
  body: '## Tonight\n\nServers restart.',
  tags: ['maintenance'],
  cover_image: null,
  pinned: false,
  published: true,
  published_at: '2026-03-01T12:00:00.000Z',
  author: 'ada',
  reads: 12,
  created_at: '2026-03-01T11:00:00.000Z',
  updated_at: '2026-03-01T11:30:00.000Z',
  ...overrides,
});
const list = { path: '/mc-admin/announcements', element: <p>announcements list</p> };
const openForm = (url = '/mc-admin/announcements/create') =>
  renderPage(<AnnouncementFormPage />, {
    path: url.endsWith('create') ? '/mc-admin/announcements/create' : '/mc-admin/announcements/:id/edit',
    url,
    extra: [list],
  });
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('helpers', () => {
  it('read tags from one comma-separated line and tell drafts, scheduled and published apart', () => {
    expect(parseTags(' News, events ,, ')).toEqual(['News', 'events']);
    const now = Date.parse('2026-03-02T00:00:00Z');
    expect(stateOf({ published: false, published_at: '2020-01-01T00:00:00Z' }, now)).toBe('draft');
    expect(stateOf({ published: true, published_at: '2030-01-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(stateOf({ published: true, published_at: '2026-03-01T00:00:00Z' }, now)).toBe('published');
  });
});

describe('admin announcement form', () => {
  it('previews the Markdown while typing, with the safe renderer members see', async () => {
    await signIn({}, admin);
    await openForm();
    expect(within(preview()).getByText('Nothing to preview yet.')).toBeInTheDocument();
    fireEvent.change(box('Text'), {
      target: { value: '# Big news\n\n<script>window.hacked = 1</script>\n\n[x](javascript:alert(1)) **now**' },
    });
    expect(await within(preview()).findByRole('heading', { name: 'Big news' })).toBeInTheDocument();
    expect(within(preview()).getByText('now').tagName).toBe('STRONG');
    expect(preview().querySelector('script, a')).toBeNull();
  });

  it('refuses a cover image that is not http(s) before sending anything', async () => {
    const user = userEvent.setup();
    const calls = await signIn({}, admin);
    await openForm();
    await user.type(box('Title'), 'Hello');
    fireEvent.change(box('Text'), { target: { value: 'Body' } });
    await user.type(box('Cover image'), 'javascript:alert(1)');
    await user.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(box('Cover image')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates an announcement: tags tidied, published now unless a time is given', async () => {
    const user = userEvent.setup();
    const calls = await signIn({ 'POST /api/admin/announcements': { success: true, data: announcement() } }, admin);
    await openForm();
    await user.type(box('Title'), 'Maintenance');
    fireEvent.change(box('Text'), { target: { value: '## Tonight\n\nServers restart.' } });
    await user.type(box('Tags'), 'Maintenance, servers, maintenance');
    await user.type(box('Cover image'), 'https://cdn.example.com/c.png');
    expect(screen.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/c.png',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Pinned on top' }));
    await user.click(screen.getByTestId('announcement-submit'));
    await screen.findByText('announcements list');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Maintenance',
      body: '## Tonight\n\nServers restart.',
      tags: ['maintenance', 'servers'],
      cover_image: 'https://cdn.example.com/c.png',
      pinned: true,
      published: true,
    });
  });

  it('edits with the version it was loaded at, and shows server field errors in place', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/announcements/4': { success: true, data: announcement() },
        'PATCH /api/admin/announcements/4': apiError(400, 'VALIDATION_ERROR', {
          title: 'Too big: expected string to have <=200 characters',
        }),
      },
      admin,
    );
    await openForm('/mc-admin/announcements/4/edit');
    expect(await screen.findByRole('heading', { name: 'Edit “Maintenance”' })).toBeInTheDocument();
    expect(box('Tags')).toHaveValue('maintenance');
    expect(within(preview()).getByRole('heading', { name: 'Tonight' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Published (members can see it)' }));
    await user.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText(/expected string to have <=200 characters/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      published: false,
      published_at: '2026-03-01T12:00:00.000Z',
      updated_at: '2026-03-01T11:30:00.000Z',
    });
  });
});

describe('admin announcements list', () => {
  it('shows state, pin, tags, readers and author, newest first as the server sends them', async () => {
    await signIn(
      {
        'GET /api/admin/announcements': page([
          announcement({ id: 5, title: 'Later', published_at: '2099-01-01T00:00:00.000Z', pinned: true }),
          announcement({ id: 4 }),
          announcement({ id: 3, title: 'Unfinished', published: false, reads: 0, author: null }),
        ]),
      },
      admin,
    );
    await renderPage(<AnnouncementsList />, { path: '/mc-admin/announcements', url: '/mc-admin/announcements' });
    const row = (title: string) => within(screen.getByText(title).closest('tr') as HTMLElement);
    expect((await screen.findAllByTestId('announcement-state')).map((s) => s.textContent)).toEqual([
      'Scheduled',
      'Published',
      'Draft',
    ]);
    expect(row('Later').getByRole('img', { name: 'Pinned' })).toBeInTheDocument();
    expect(row('Maintenance').getByText('#maintenance')).toBeInTheDocument();
    expect(row('Maintenance').getByText('12')).toBeInTheDocument();
    expect(row('Maintenance').getByTestId('edit-announcement')).toHaveAttribute(
      'href',
      '/mc-admin/announcements/4/edit',
    );
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/mc-admin/announcements/create');
  });

  it('filters drafts through the URL and leaves out what the member may not do', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/announcements': page([announcement()]),
        'GET /api/admin/announcements?published=false': page([]),
      },
      { permissions: ['admin.announcements.list'] },
    );
    await renderPage(<AnnouncementsList />, { path: '/mc-admin/announcements', url: '/mc-admin/announcements' });
    await screen.findByText('Maintenance');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.queryByTestId('edit-announcement')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Drafts only');
    await screen.findByText(
      'Nothing matches this search or these filters. Try other words, or clear the search and the filters.',
    );
    expect(calls.some((c) => c.path === '/api/admin/announcements?published=false')).toBe(true);
  });

  it('deletes one after naming it', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        'GET /api/admin/announcements/4': { success: true, data: announcement() },
        'DELETE /api/admin/announcements/4': { success: true },
      },
      admin,
    );
    await renderPage(<AnnouncementDelete />, {
      path: '/mc-admin/announcements/:id/delete',
      url: '/mc-admin/announcements/4/delete',
      extra: [list],
    });
    expect(await screen.findByRole('heading', { name: 'Delete Maintenance?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('announcements list');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/announcements/4')).toBe(true);
  });
});
