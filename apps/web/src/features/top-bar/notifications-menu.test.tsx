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

/** The server's side: two unread announcements and one read, with the read calls changing them. */
async function show() {
  const feed = [item(1, 'Maintenance tonight', true), item(2, 'New locations', true), item(3, 'Old news', false)];
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
  it('shows the unread count on the bell and lists only the unread announcements', async () => {
    const { user } = await show();
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('2');
    const bell = screen.getByRole('button', { name: 'Notifications, unread: 2' });
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(bell);
    await waitFor(() =>
      expect(screen.getAllByTestId('notification').map((n) => n.textContent)).toEqual([
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
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1'));
  });

  it('"Mark all as read" clears the badge and empties the list', async () => {
    const { user } = await show();
    await screen.findByTestId('notifications-badge');
    await user.click(screen.getByTestId('notifications'));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('You are all caught up.');
    expect(screen.getByTestId('notifications')).toHaveAttribute('aria-label', 'Notifications');
  });
});
