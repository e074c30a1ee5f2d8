import { hasPermission, type ImageReport, type ImageReportAction, type ImageReportUpdate } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hostedImages, imageReports } from '../../db/schema/index.ts';
import { type Actor, assertFresh } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { deleteImages } from './hosted-images.files.ts';
import type { ImageUrls } from './hosted-images.urls.ts';
import {
  findImageReports,
  findReport,
  findReportsPage,
  type ReportListQuery,
  type ReportRow,
  uploaderStats,
} from './image-reports.repo.ts';

const notFound = () => new AppError('NOT_FOUND', 'There is no such report');
/** Banning needs what the admin users' ban needs. */
export const BAN_PERMISSION = 'admin.users.edit';

/**
 * A pending report takes any action; a dismissed one may still be escalated (the image removed, the
 * uploader banned) but not dismissed again; a resolved one is done: acting again would overwrite
 * what was recorded (a removed image's report "dismissed").
 */
const mayAct = (status: string, action: ImageReportAction) =>
  status === 'pending' || (status === 'dismissed' && action !== 'dismiss');
const handled = () =>
  new AppError('IMAGE_REPORT_HANDLED', 'This report was already handled; its outcome stays as recorded');

/**
 * Reports of hosted images: filed by anyone who can open an image page (one pending report per
 * reporter and image), reviewed by staff. Every staff change is audited in its transaction.
 */
export class ImageReportsService implements CrudService<ImageReport> {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStorage,
    private readonly urls: ImageUrls,
    private readonly users: UsersService,
  ) {}

  list(q: ReportListQuery & Record<string, unknown>) {
    return findReportsPage(this.db, this.urls, q);
  }

  async get(id: string | number): Promise<ImageReport> {
    const report = await findReport(this.db, this.urls, Number(id));
    if (!report) throw notFound();
    return report;
  }

  async detail(id: number) {
    const data = await this.get(id);
    const [earlier_reports, stats] = await Promise.all([
      findImageReports(this.db, this.urls, data.image_id, id),
      data.uploader ? uploaderStats(this.db, data.uploader.uuid) : null,
    ]);
    return { success: true as const, data, earlier_reports, uploader_stats: stats };
  }

  async update(actor: Actor, id: string | number, body: ImageReportUpdate): Promise<ImageReport> {
    const before = await this.get(id);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await this.lock(tx, Number(id));
      assertFresh(body.updated_at, row.updatedAt);
      const closing = body.status && body.status !== 'pending' && body.status !== row.status;
      await tx
        .update(imageReports)
        .set({
          ...(body.status !== undefined && { status: body.status }),
          ...(body.staff_notes !== undefined && { staffNotes: body.staff_notes }),
          ...(closing && { handledBy: actor.id, handledAt: new Date() }),
          updatedAt: new Date(),
        })
        .where(eq(imageReports.id, row.id));
      await this.audit(tx, actor, 'image_report.update', row.id, before, {
        status: body.status ?? row.status,
        staff_notes: body.staff_notes ?? row.staffNotes,
      });
    });
    return this.get(id);
  }

  async remove(actor: Actor, id: string | number): Promise<void> {
    const before = await this.get(id);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await this.lock(tx, Number(id));
      await tx.delete(imageReports).where(eq(imageReports.id, row.id));
      await this.audit(tx, actor, 'image_report.delete', row.id, before, null);
    });
  }

  /**
   * dismiss: this report is dismissed. remove_image: the image and its files go, and every pending
   * report of it is resolved. ban_uploader: the uploader is banned through the users' own ban (which
   * needs admin.users.edit too, and audits itself), then the image's pending reports are resolved.
   */
  async act(actor: Actor, id: number, action: ImageReportAction, note: string): Promise<ImageReport> {
    const before = await this.get(id);
    if (!mayAct(before.status, action)) throw handled();
    if (action === 'ban_uploader') {
      if (!hasPermission(actor.permissions, BAN_PERMISSION))
        throw new AppError('FORBIDDEN', 'Banning the uploader needs the permission to edit users');
      if (!before.uploader) throw new AppError('NOT_FOUND', 'The uploader of this image no longer exists');
      await this.users.ban(actor, before.uploader.uuid, note || `Image report #${id}`);
    }
    const done = { handledBy: actor.id, handledAt: new Date(), updatedAt: new Date() };
    const notes = (row: ReportRow) =>
      note ? { staffNotes: row.staffNotes ? `${row.staffNotes}\n${note}` : note } : {};
    await deleteImages(this.db, this.media, async (tx) => {
      const row = await this.lock(tx, id);
      if (!mayAct(row.status, action)) throw handled(); // handled meanwhile by someone else
      let removed: (typeof hostedImages.$inferSelect)[] = [];
      if (action === 'dismiss') {
        await tx
          .update(imageReports)
          .set({ status: 'dismissed', ...notes(row), ...done })
          .where(eq(imageReports.id, row.id));
      } else {
        if (action === 'remove_image')
          removed = await tx.delete(hostedImages).where(eq(hostedImages.id, row.imageId)).returning();
        await tx
          .update(imageReports)
          .set({ status: 'resolved', ...done })
          .where(and(eq(imageReports.imageId, row.imageId), eq(imageReports.status, 'pending')));
        await tx
          .update(imageReports)
          .set({ status: 'resolved', ...notes(row), ...done })
          .where(eq(imageReports.id, row.id));
      }
      await this.audit(tx, actor, `image_report.${action}`, row.id, before, {
        note,
        image_id: row.imageId,
        image_removed: removed.length > 0,
      });
      return removed;
    });
    return this.get(id);
  }

  private async lock(tx: Db, id: number): Promise<ReportRow> {
    const [row] = await tx.select().from(imageReports).where(eq(imageReports.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  private audit(
    tx: Db,
    actor: Actor,
    action: string,
    id: number,
    before: ImageReport,
    after: Record<string, unknown> | null,
  ) {
    const { image: _image, ...record } = before;
    return recordAudit(tx, {
      actorId: actor.id,
      action,
      targetType: 'image_report',
      targetId: id,
      before: record,
      after,
    });
  }
}
