import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { page, signIn, signOut } from '../../test/economy.ts';
import { ADA_REF, imageReport } from '../../test/hosted-images.ts';
import { renderPage } from '../../test/render.tsx';
import { ImageReportPage } from './report-page.tsx';
import { ImageReportsList } from './reports-list.tsx';

afterEach(signOut);

const admin = { permissions: ['admin.root'] };
const viewer = { permissions: ['admin.image.reports.view', 'admin.image.reports.list'] };
const LIST = '/api/admin/image-reports';
const openList = (url = '/mc-admin/image-reports') =>
  renderPage(<ImageReportsList />, { path: '/mc-admin/image-reports', url });
const detail = (overrides = {}) => ({
  success: true,
  data: imageReport(overrides),
  earlier_reports: [
    {
      ...imageReport({ id: 3, reason: 'spam', note: 'Seen it in ads', status: 'dismissed' }),
      image: undefined,
    },
  ],
  uploader_stats: { images: 12, reports: 4, removed: 1, banned: false },
});
const openReport = () =>
  renderPage(<ImageReportPage />, {
    path: '/mc-admin/image-reports/:id/edit',
    url: '/mc-admin/image-reports/7/edit',
  });

describe('the image reports list', () => {
  it('shows pending reports by default with their thumbnails, and keeps the filters in the URL', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        [`GET ${LIST}?status=pending`]: page([imageReport(), imageReport({ id: 8, image: null, image_exists: false })]),
        [`GET ${LIST}?reason=spam&status=pending`]: page([]),
        [`GET ${LIST}?reason=spam`]: page([imageReport({ id: 9, reason: 'spam', status: 'resolved' })]),
      },
      admin,
    );
    const { router } = await openList();
    expect(await screen.findByRole('img', { name: 'sunset' })).toHaveAttribute(
      'src',
      'https://img.example.com/i/AbCdEfGhIj_1/thumb',
    );
    expect(screen.getByTestId('report-count')).toHaveTextContent('2 reports');
    expect(screen.getAllByText('Removed').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'ada' })[0]).toHaveAttribute(
      'href',
      `/mc-admin/users/${ADA_REF.uuid}/edit`,
    );
    expect(screen.getAllByText('A visitor (not signed in)')).toHaveLength(2);
    expect(screen.getAllByTestId('review-report')[0]).toHaveAttribute('href', '/mc-admin/image-reports/7/edit');

    await user.selectOptions(screen.getByTestId('report-filter-reason'), 'spam');
    await waitFor(() => expect(router.state.location.search).toBe('?reason=spam'));
    await user.selectOptions(screen.getByTestId('report-filter-status'), 'all');
    await waitFor(() => expect(router.state.location.search).toBe('?reason=spam&status=all'));
    await waitFor(() => expect(screen.getAllByTestId('report-status').map((b) => b.textContent)).toEqual(['Resolved']));
    expect(calls.map((c) => c.path)).toContain(`${LIST}?reason=spam`);
  });

  it('deletes a report after confirming; without the permissions there is no delete', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      { [`GET ${LIST}?status=pending`]: page([imageReport()]), [`DELETE ${LIST}/7`]: { success: true } },
      admin,
    );
    await openList();
    await user.click(await screen.findByTestId('delete-report'));
    await user.click(
      within(await screen.findByTestId('delete-report-dialog')).getByTestId('delete-report-dialog-confirm'),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `${LIST}/7`)).toBe(true));
    await signOut();

    await signIn({ [`GET ${LIST}?status=pending`]: page([imageReport()]) }, viewer);
    await openList();
    expect(await screen.findByTestId('review-report')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-report')).toBeNull();
  });
});

describe('a report', () => {
  it('shows the picture, the uploader and their record, and the earlier reports', async () => {
    await signIn({ [`GET ${LIST}/7`]: detail() }, admin);
    await openReport();
    const picture = await screen.findByTestId('report-image');
    expect(within(picture).getByRole('img', { name: 'sunset' })).toHaveAttribute(
      'src',
      'https://img.example.com/i/AbCdEfGhIj_1.png',
    );
    const uploader = screen.getByTestId('uploader');
    expect(within(uploader).getByRole('link', { name: 'ada' })).toHaveAttribute(
      'href',
      `/mc-admin/users/${ADA_REF.uuid}/edit`,
    );
    expect(uploader).toHaveTextContent('12');
    expect(screen.getByTestId('report-note')).toHaveTextContent('Not for kids');
    expect(screen.getByTestId('earlier-reports')).toHaveTextContent('Seen it in ads');
  });

  it('removes the image after confirming, with the note, and the page then says it is gone', async () => {
    const user = userEvent.setup();
    let removed = false;
    const calls = await signIn(
      {
        [`GET ${LIST}/7`]: () =>
          removed ? detail({ image: null, image_exists: false, status: 'resolved' }) : detail(),
        [`POST ${LIST}/7/actions`]: () => {
          removed = true;
          return { success: true };
        },
      },
      admin,
    );
    await openReport();
    await user.click(await screen.findByTestId('action-remove_image'));
    const dialog = await screen.findByTestId('report-action-dialog');
    expect(dialog).toHaveTextContent('Remove this image?');
    await user.type(within(dialog).getByRole('textbox'), 'Clearly NSFW');
    await user.click(within(dialog).getByTestId('report-action-dialog-confirm'));
    expect(await screen.findByTestId('report-image-removed')).toBeInTheDocument();
    expect(screen.getByText('Image removed.')).toBeInTheDocument();
    expect(screen.getByTestId('action-remove_image')).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'remove_image', note: 'Clearly NSFW' });
  });

  it('saves the status and the staff notes with the loaded version', async () => {
    const user = userEvent.setup();
    const calls = await signIn(
      {
        [`GET ${LIST}/7`]: detail(),
        [`PATCH ${LIST}/7`]: (body: unknown) => ({ success: true, data: { ...imageReport(), ...(body as object) } }),
      },
      admin,
    );
    await openReport();
    const notes = await screen.findByRole('textbox', { name: 'Staff notes' });
    await user.type(notes, 'Asked the uploader');
    await user.selectOptions(screen.getByTestId('report-status-select'), 'reviewed');
    await user.click(screen.getByTestId('save-notes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      staff_notes: 'Asked the uploader',
      status: 'reviewed',
      updated_at: '2026-03-02T08:00:00.000Z',
    });
  });

  it('is read-only without admin.image.reports.edit', async () => {
    await signIn({ [`GET ${LIST}/7`]: detail() }, viewer);
    await openReport();
    expect(await screen.findByTestId('report-image')).toBeInTheDocument();
    expect(screen.queryByTestId('report-actions')).toBeNull();
    expect(screen.queryByTestId('save-notes')).toBeNull();
    expect(screen.getByTestId('report-status-select')).toBeDisabled();
  });
});
