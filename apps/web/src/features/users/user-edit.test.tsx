import type { AdminUser } from '@hostdeck/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { renderPage } from '../../test/render.tsx';
import { UserEdit } from './user-edit.tsx';

afterEach(signOut);

const ID = '22222222-2222-4222-8222-222222222222';
const account = (roleLevel: number): AdminUser => ({
  id: ID,
  username: 'peer',
  email: 'peer@example.com',
  first_name: 'Pe',
  last_name: 'Er',
  role_id: 3,
  role_name: 'moderator',
  role_display_name: 'Moderator',
  role_level: roleLevel,
  banned: false,
  ban_reason: null,
  verified: true,
  two_fa_enabled: true,
  coins: 0,
  memory_limit: 1024,
  cpu_limit: 100,
  disk_limit: 2048,
  server_limit: 1,
  allocation_limit: 1,
  database_limit: 0,
  backup_limit: 0,
  first_ip: null,
  last_ip: null,
  last_seen: '2026-03-01T12:00:00.000Z',
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
  deleted_at: null,
});

async function open(roleLevel: number, permissions: string[]) {
  await signIn(
    {
      [`GET /api/admin/users/${ID}`]: { success: true, data: account(roleLevel) },
      [`GET /api/admin/users/${ID}/sessions`]: { success: true, data: [] },
      [`GET /api/admin/users/${ID}/audit`]: page([]),
      'GET /api/admin/roles?per_page=100&sort=level': page([]),
      [`GET /api/admin/users/${ID}/coins?page=1&per_page=10`]: page([], { balance: 0 }),
    },
    { permissions },
  );
  await renderPage(<UserEdit />, { path: '/mc-admin/users/:id/edit', url: `/mc-admin/users/${ID}/edit` });
  return screen.findByRole('textbox', { name: 'Email' });
}
const editor = ['admin.users.list', 'admin.users.edit'];

describe("a staff account's way in", () => {
  it('is read-only, with the reason, for an editor without admin.root, and two-factor cannot be reset', async () => {
    const email = await open(4, editor);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText(/Only an administrator with full access \(admin\.root\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor' })).toBeNull();
  });

  it("stays editable on a member's account, and for admin.root on a staff account", async () => {
    expect(await open(1, editor)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Turn off two-factor' })).toBeInTheDocument();
    cleanup();
    await signOut();
    expect(await open(4, ['admin.root'])).not.toHaveAttribute('readonly');
  });
});
