import type { Backup } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { BackupsPage } from './backups-page.tsx';

afterEach(signOut);

const BASE = '/api/admin/backups';
const all = ['admin.backups.list', 'admin.backups.create', 'admin.backups.delete'];
const ID = '0b6a3c9e-1111-4111-8111-111111111111';
const FILE = 'hostdeck-20260301T120000Z-abcdefgh.jsonl.gz';

const backup = (overrides: Partial<Backup> = {}): Backup => ({
  id: ID,
  file_name: FILE,
  status: 'completed',
  progress: 100,
  kind: 'manual',
  size: 3 * 1024 * 1024,
  manifest: {
    format_version: 1,
    app_version: '0.1.0',
    migration: { count: 13, hash: 'abc', created_at: 1 },
    created_at: '2026-03-01T12:00:03.000Z',
    tables: { users: 4, roles: 8 },
    sequences: 2,
    sha256: 'f'.repeat(64),
  },
  error: null,
  created_at: '2026-03-01T12:00:00.000Z',
  completed_at: '2026-03-01T12:00:03.000Z',
  ...overrides,
});
const list = (...backups: Backup[]) => ({ success: true, backups });
const show = () => renderPage(<BackupsPage />, { path: '/mc-admin/backups', url: '/mc-admin/backups' });

describe('backups page', () => {
  it('creates a backup, follows its progress, then lists it with size and counts', async () => {
    const answers = [
      list(),
      list(backup({ status: 'running', progress: 40, size: null, manifest: null, completed_at: null })),
      list(backup()),
    ];
    let listed = 0;
    const calls = await signIn(
      {
        [`GET ${BASE}`]: () => answers[Math.min(listed++, answers.length - 1)],
        [`POST ${BASE}`]: { success: true, backup: backup({ status: 'running', progress: 0 }) },
      },
      { permissions: all },
    );
    await show();
    // Empty: it says how to make the first one, by hand or on schedule.
    expect(await screen.findByTestId('backups-empty')).toHaveTextContent(
      'No backups yet. Create one now with “Create backup”, or set “Scheduled backup interval (hours)” in Settings → Backups',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create backup' }));
    expect(await screen.findByText('In progress: 40 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute('value', '40');
    expect(screen.getByRole('button', { name: 'Create backup' })).toBeDisabled();
    // The list is polled while a backup runs.
    expect(await screen.findByText('Completed', {}, { timeout: 3000 })).toBeInTheDocument();
    const row = screen.getByTestId('backup-row');
    expect(within(row).getByTestId('backup-size')).toHaveTextContent('3 MB');
    expect(row).toHaveTextContent('2 tables · 12 rows · version 0.1.0');
    // The file holds every secret: the download is admin.root's alone (the API refuses the others).
    expect(within(row).queryByRole('link', { name: `Download ${FILE}` })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === BASE)).toHaveLength(1);
  });

  it('offers the download to admin.root', async () => {
    await signIn({ [`GET ${BASE}`]: list(backup()) }, { permissions: ['admin.root'] });
    await show();
    expect(await screen.findByRole('link', { name: `Download ${FILE}` })).toHaveAttribute(
      'href',
      `${BASE}/${ID}/download`,
    );
  });

  it('deletes after a confirmation and shows the server’s refusal', async () => {
    const calls = await signIn(
      {
        [`GET ${BASE}`]: list(backup(), backup({ id: 'b2', file_name: 'hostdeck-20260302T120000Z-zzzzzzzz.jsonl.gz' })),
        [`DELETE ${BASE}/${ID}`]: { success: true },
        [`DELETE ${BASE}/b2`]: apiError(409, 'BACKUP_IN_PROGRESS'),
        [`POST ${BASE}`]: apiError(409, 'BACKUP_IN_PROGRESS'),
      },
      { permissions: all },
    );
    await show();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${FILE}` }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BASE}/${ID}`)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: /Delete hostdeck-20260302/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('A backup is being made; wait for it to finish.')).toBeInTheDocument();
  });

  it('without the create permission, says where backups come from instead of offering a button', async () => {
    await signIn({ [`GET ${BASE}`]: list() }, { permissions: ['admin.backups.list'] });
    await show();
    expect(await screen.findByTestId('backups-empty')).toHaveTextContent(
      'No backups yet. They appear here once a backup is made by hand or on schedule (Settings → Backups).',
    );
  });

  it('shows a failed backup and hides create and delete without their permissions', async () => {
    await signIn(
      { [`GET ${BASE}`]: list(backup({ status: 'failed', size: null, manifest: null, error: 'disk full' })) },
      { permissions: ['admin.backups.list'] },
    );
    await show();
    expect(await screen.findByText('Failed')).toHaveAttribute('title', 'disk full');
    expect(screen.queryByRole('button', { name: 'Create backup' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });
});
