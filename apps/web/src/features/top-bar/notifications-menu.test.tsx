import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/render.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, title: string, unread: boolean) => ({
  id,
  title,
  body: 'Body',
  tags: [],
  cover_image: null,
  pinned: false,
  published_at: '2026-03-01T12:00:00.000Z',
  unread,
});

/**
 * The server's side: two unread announcements and one read, and one ticket with two unread staff
 * replies, with the read calls changing them.
 */
async function show() {
  const feed = [item(1, 'Maintenance tonight', true), item(2, 'New locations', true), item(3, 'Old news', false)];
  let tickets = [{ id: 7, subject: 'Server will not start', last_reply_at: '2026-03-02T09:00:00.000Z', count: 2 }];
  const ticketsUnread = () => ({ success: true, data: tickets, unread: tickets.reduce((n, x) => n + x.count, 0) });
  const ticketsRead = () => {
    tickets = [];
    return { success: true, unread: 0 };
  };
  const unreadCount = () => ({ success: true, unread: feed.filter((a) => a.unread).length });
  const read = (id: number) => () => {
    for (const a of feed) if (a.id === id) a.unread = false;
    return unreadCount();
  };
  const calls = mockApi({
    'GET /api/announcements/unread-count': unreadCount,
    'GET /api/announcements?page=1&per_page=20': () => ({
      success: true,
      data: feed,
      total: 3,
      page: 1,
      per_page: 20,
      total_pages: 1,
    }),
    'POST /api/announcements/1/read': read(1),
    'POST /api/announcements/2/read': read(2),
    'GET /api/tickets/unread': ticketsUnread,
    'POST /api/tickets/7/read': ticketsRead,
    'POST /api/tickets/read-all': ticketsRead,
    'POST /api/announcements/read-all': () => {
      for (const a of feed) a.unread = false;
      return unreadCount();
    },
  });
  const page = await renderPage(<NotificationsMenu />, {
    path: '/somewhere',
    url: '/somewhere',
    extra: [
      {
        path: '/ticket/:id',
        element: (
          <>
            <NotificationsMenu />
            <p>ticket page</p>
          </>
        ),
      },
      {
        path: '/announcements',
        element: (
          <>
            <NotificationsMenu />
            <p>announcements page</p>
          </>
        ),
      },
    ],
  });
  return { ...page, calls, user: userEvent.setup() };
}

describe('notifications menu', () => {
  it('counts ticket replies and unread announcements on the bell and lists both', async () => {
    const { user } = await show();
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('4'));
    const bell = screen.getByRole('button', { name: 'Notifications, unread: 4' });
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(bell);
    await waitFor(() =>
      expect(screen.getAllByTestId('notification').map((n) => n.textContent)).toEqual([
        'Server will not startNew replies to your ticket: 2',
        'Maintenance tonightNew announcement',
        'New locationsNew announcement',
      ]),
    );
  });

  it('opening one marks it read, lowers the badge and goes to the announcements', async () => {
    const { user, router, calls } = await show();
    await screen.findByTestId('notifications-badge');
    await user.click(screen.getByTestId('notifications'));
    await user.click(await screen.findByRole('menuitem', { name: /Maintenance tonight/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/announcements/1/read')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('3'));
  });

  it('a ticket reply goes to the ticket and marks it read', async () => {
    const { user, router, calls } = await show();
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('4'));
    await user.click(screen.getByTestId('notifications'));
    await user.click(await screen.findByRole('menuitem', { name: /Server will not start/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/7'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tickets/7/read')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
  });

  it('"Mark all as read" clears both kinds: the badge goes and the list empties', async () => {
    const { user, calls } = await show();
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('4'));
    await user.click(screen.getByTestId('notifications'));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('You are all caught up.');
    expect(screen.getByTestId('notifications')).toHaveAttribute('aria-label', 'Notifications');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts.sort()).toEqual(['/api/announcements/read-all', '/api/tickets/read-all']);
  });
});
