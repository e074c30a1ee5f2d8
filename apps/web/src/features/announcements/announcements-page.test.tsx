import type { AnnouncementFeedItem } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemberLayout } from '../../app/layouts/shell-layout.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { AnnouncementsPage } from './announcements-page.tsx';

afterEach(async () => {
  queryClient.clear();
  await signOut();
});

const FEED = 'GET /api/announcements?page=1&per_page=10';
const item = (overrides: Partial<AnnouncementFeedItem> = {}): AnnouncementFeedItem => ({
  id: 1,
  title: 'Maintenance tonight',
  body: 'The **game servers** restart at 22:00.',
  tags: ['maintenance'],
  cover_image: null,
  pinned: false,
  published_at: '2026-03-01T12:00:00.000Z',
  unread: false,
  ...overrides,
});
const longBody = `${'A long story about the new location. '.repeat(12)}\n\n## Details\n\nEverything else.`;
const open = () => renderPage(<AnnouncementsPage />, { path: '/announcements', url: '/announcements' });
const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article') as HTMLElement);

describe('/announcements', () => {
  it('shows the cards in the server’s order (pinned first), with tags, a lazy cover with alt, and unread markers', async () => {
    await signIn({
      [FEED]: page([
        item({ id: 3, title: 'Rules update', pinned: true, tags: ['rules', 'community'] }),
        item({
          id: 2,
          title: 'New location',
          unread: true,
          cover_image: 'https://cdn.example.com/frankfurt.png',
          body: longBody,
        }),
        item({ id: 1 }),
      ]),
      'GET /api/announcements/unread-count': { success: true, unread: 1 },
    });
    await open();
    const titles = (await screen.findAllByRole('article')).map((a) => a.querySelector('h2')?.textContent);
    expect(titles).toEqual(['Rules update', 'New location', 'Maintenance tonight']);
    expect(card('Rules update').getByText('Pinned')).toBeInTheDocument();
    expect(
      card('Rules update').getByRole('button', { name: 'Show only announcements tagged rules' }),
    ).toHaveTextContent('#rules');
    const cover = card('New location').getByRole('img', { name: 'Cover image of “New location”' });
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('data-src', 'https://cdn.example.com/frankfurt.png');
    expect(card('New location').getByText('Unread')).toBeInTheDocument();
    expect(card('Maintenance tonight').queryByText('Unread')).toBeNull();
    expect(card('Maintenance tonight').getByText('game servers').tagName).toBe('STRONG');
  });

  it('marks an item read when it is opened, and a short one with its button', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [FEED]: page([
        item({ id: 2, title: 'New location', unread: true, body: longBody }),
        item({ id: 1, unread: true }),
      ]),
      'GET /api/announcements/unread-count': { success: true, unread: 2 },
      'POST /api/announcements/2/read': { success: true, unread: 1 },
      'POST /api/announcements/1/read': { success: true, unread: 0 },
    });
    await open();
    const more = await screen.findByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(card('New location').getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    await waitFor(() => expect(card('New location').queryByText('Unread')).toBeNull());
    // Closing and opening again sends nothing more.
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(calls.filter((c) => c.path === '/api/announcements/2/read')).toHaveLength(1);

    await user.click(card('Maintenance tonight').getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(card('Maintenance tonight').queryByText('Unread')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/announcements/2/read',
      '/api/announcements/1/read',
    ]);
  });

  it('marks everything read at once', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [FEED]: page([item({ id: 2, title: 'Two', unread: true }), item({ id: 1, title: 'One', unread: true })]),
      'GET /api/announcements/unread-count': { success: true, unread: 2 },
      'POST /api/announcements/read-all': { success: true, unread: 0 },
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    expect(screen.queryByText('Unread')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/announcements/read-all')).toBe(true);
  });

  it('narrows to a tag through the URL and pages through older ones', async () => {
    const user = userEvent.setup();
    const calls = await signIn({
      [FEED]: page([item({ id: 2, title: 'Two', tags: ['events'] })], { total: 2, total_pages: 2 }),
      'GET /api/announcements?page=2&per_page=10': page([item({ id: 1, title: 'One' })], {
        page: 2,
        total: 2,
        total_pages: 2,
      }),
      'GET /api/announcements?page=1&per_page=10&tag=events': page([item({ id: 2, title: 'Two', tags: ['events'] })]),
      'GET /api/announcements/unread-count': { success: true, unread: 0 },
    });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Show older announcements' }));
    expect(await screen.findByRole('heading', { name: 'One' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show only announcements tagged events' }));
    expect(await screen.findByTestId('announcements-tag')).toHaveTextContent('#events');
    expect(calls.some((c) => c.path.endsWith('&tag=events'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show all announcements' }));
    await waitFor(() => expect(screen.queryByTestId('announcements-tag')).toBeNull());
  });

  it('says so when there is nothing yet', async () => {
    await signIn({ [FEED]: page([]), 'GET /api/announcements/unread-count': { success: true, unread: 0 } });
    await open();
    expect(await screen.findByTestId('announcements-empty')).toHaveTextContent('No announcements yet');
  });
});

describe('the member navigation', () => {
  it('shows the unread count beside Announcements', async () => {
    await signIn({ 'GET /api/announcements/unread-count': { success: true, unread: 3 } });
    await renderPage(<MemberLayout />, { path: '/account', url: '/account' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: /Announcements/ });
    expect(await within(link).findByTestId('nav-badge')).toHaveTextContent('3');
    expect(link).toHaveAccessibleName('Announcements 3 unread announcements');
  });

  it('shows no badge when everything is read', async () => {
    const calls = await signIn({ 'GET /api/announcements/unread-count': { success: true, unread: 0 } });
    await renderPage(<MemberLayout />, { path: '/account', url: '/account' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/announcements/unread-count')).toBe(true));
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });
});
