import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionManager } from '../../lib/session-manager.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { UsersList } from './users-list.tsx';

afterEach(async () => {
  await sessionManager.clear();
  vi.unstubAllGlobals();
});

const user = {
  id: '3f1c2b8e-7a4d-4e2a-9c51-0d6b7e8f9a10',
  username: 'ada',
  email: 'ada@example.com',
  role_display_name: 'Member',
  coins: 10,
  banned: false,
  last_seen: '2026-03-01T12:00:00.000Z',
  created_at: '2026-03-01T12:00:00.000Z',
};
const page = (extra: Record<string, unknown>) => ({
  success: true,
  data: [user],
  page: 1,
  per_page: 25,
  ...extra,
});

async function show(list: unknown) {
  document.cookie = 'user_session=1; path=/';
  mockApi({
    'GET /api/user/session': {
      success: true,
      user_info: { uuid: 'admin', username: 'root', role: 8 },
      billing: {},
      stats: {},
      permissions: ['admin.root'],
    },
    'GET /api/admin/users': list,
    'GET /api/admin/roles?per_page=100&sort=level': {
      success: true,
      data: [],
      total: 0,
      page: 1,
      per_page: 100,
      total_pages: 1,
    },
  });
  await sessionManager.initialize();
  await renderPage(<UsersList />, { path: '/mc-admin/users', url: '/mc-admin/users' });
  await screen.findByText('ada');
}

describe('users list totals', () => {
  it('says "about" when the server estimated the total of a large list', async () => {
    await show(page({ total: 995_000, total_estimated: true, total_pages: 39_800 }));
    expect(screen.getByTestId('page-total')).toHaveTextContent('Page 1 of about 39,800 · about 995,000 in all');
  });

  it('gives an exact total as it is', async () => {
    await show(page({ total: 30, total_estimated: false, total_pages: 2 }));
    expect(screen.getByTestId('page-total')).toHaveTextContent('Page 1 of 2 · 30 in all');
  });
});
