import type { CloudLocalBackup, CloudObjectList, CloudOverview } from '@hostdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../../test/economy.ts';
import { apiError, renderPage } from '../../test/render.tsx';
import { CloudPage } from './cloud-page.tsx';

afterEach(signOut);

const BASE = '/api/admin/mythicalcloud';
const all = ['admin.mythicalcloud.view', 'admin.mythicalcloud.upload', 'admin.mythicalcloud.download'];

const backup = (overrides: Partial<CloudLocalBackup> = {}): CloudLocalBackup => ({
  id: '0b6a3c9e-1111-4111-8111-111111111111',
  file_name: 'hostdeck-20260301T120000Z-abcdefgh.jsonl.gz',
  kind: 'manual',
  size: 3 * 1024 * 1024,
  created_at: '2026-03-01T12:00:00.000Z',
  cloud_key: null,
  cloud_uploaded_at: null,
  ...overrides,
});
const overview = (configured = true, backups = [backup()]): CloudOverview => ({
  success: true,
  config: {
    configured,
    endpoint: 'https://s3.example.com',
    region: 'eu-central-1',
    bucket: configured ? 'panel-backups' : '',
    prefix: 'hostdeck/',
    path_style: true,
    access_key_id_set: true,
    secret_access_key_set: configured,
  },
  backups,
});
const objects: CloudObjectList = {
  success: true,
  bucket: 'panel-backups',
  prefix: 'hostdeck/',
  truncated: false,
  objects: [
    {
      key: 'hostdeck/hostdeck-20260201T080000Z-zyxwvuts.jsonl.gz',
      size: 5 * 1024 * 1024,
      last_modified: '2026-02-01T08:00:05.000Z',
      backup_id: null,
    },
  ],
};
const show = () => renderPage(<CloudPage />, { path: '/mc-admin/mythicalcloud', url: '/mc-admin/mythicalcloud' });

describe('cloud backups page', () => {
  it('lists the bucket with sizes, uploads a local backup and downloads an object', async () => {
    const calls = await signIn(
      {
        [`GET ${BASE}`]: overview(),
        [`GET ${BASE}/objects`]: objects,
        [`POST ${BASE}/upload`]: (body: { backup_id: string }) => ({
          success: true,
          backup: backup({
            id: body.backup_id,
            cloud_key: 'hostdeck/x',
            cloud_uploaded_at: '2026-03-01T12:05:00.000Z',
          }),
        }),
        [`POST ${BASE}/download`]: () => ({
          success: true,
          backup: backup({ id: 'new', file_name: 'hostdeck-20260302T000000Z-newnewnw.jsonl.gz', kind: 'imported' }),
        }),
      },
      { permissions: all },
    );
    await show();
    const bucket = await screen.findByRole('table', { name: 'In the bucket' });
    const row = within(bucket).getByTestId('cloud-object');
    expect(row).toHaveTextContent('hostdeck/hostdeck-20260201T080000Z-zyxwvuts.jsonl.gz');
    expect(row).toHaveTextContent('5 MB');
    expect(screen.getByText('panel-backups')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Upload hostdeck-20260301T120000Z/ }));
    expect(await screen.findByText(/was uploaded to the bucket/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${BASE}/upload`)?.body).toEqual({ backup_id: backup().id });

    await userEvent.click(within(row).getByRole('button', { name: /Download/ }));
    expect(await screen.findByText(/saved as the local backup hostdeck-20260302T000000Z-newnewnw/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${BASE}/download`)?.body).toEqual({ key: objects.objects[0]!.key });
    // Both lists are asked for again after each action.
    await waitFor(() => expect(calls.filter((c) => c.path === `${BASE}/objects`).length).toBeGreaterThan(1));
  });

  it('shows the server’s error for an unreachable store, wrong keys or a damaged download', async () => {
    await signIn(
      {
        [`GET ${BASE}`]: overview(),
        [`GET ${BASE}/objects`]: objects,
        [`POST ${BASE}/test`]: apiError(502, 'CLOUD_UNREACHABLE'),
        [`POST ${BASE}/download`]: apiError(400, 'BACKUP_DAMAGED'),
        [`POST ${BASE}/upload`]: apiError(502, 'CLOUD_AUTH_FAILED'),
      },
      { permissions: all },
    );
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Upload hostdeck-20260301T120000Z/ }));
    expect(await screen.findByText(/refused the access keys/)).toBeInTheDocument();
    expect(screen.queryByText(/was uploaded/)).not.toBeInTheDocument();
  });

  it('shows a listing error in place of the objects', async () => {
    await signIn(
      { [`GET ${BASE}`]: overview(), [`GET ${BASE}/objects`]: apiError(502, 'CLOUD_BUCKET_NOT_FOUND') },
      { permissions: all },
    );
    await show();
    expect(await screen.findByText(/bucket does not exist/)).toBeInTheDocument();
  });

  it('says when the storage is not configured and does not ask S3', async () => {
    const calls = await signIn({ [`GET ${BASE}`]: overview(false) }, { permissions: [...all, 'admin.settings.view'] });
    await show();
    expect(await screen.findByTestId('cloud-not-configured')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit the settings/ })).toHaveAttribute('href', '/mc-admin/settings');
    expect(screen.queryByRole('button', { name: 'Test connection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === `${BASE}/objects`)).toBe(false);
  });

  it('offers upload and download only with their permissions', async () => {
    await signIn(
      { [`GET ${BASE}`]: overview(), [`GET ${BASE}/objects`]: objects },
      { permissions: ['admin.mythicalcloud.view'] },
    );
    await show();
    await screen.findByRole('table', { name: 'In the bucket' });
    expect(screen.getByRole('table', { name: 'Local backups' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit the settings/ })).not.toBeInTheDocument();
  });
});
