import type { ImageReport, ImageReportCreate } from '@hostdeck/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { hostedImages, imageReports, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseError } from '../../lib/db-errors.ts';
import { likeTerm, orderBy, type PageQuery } from '../../lib/paging.ts';
import type { ImageUrls } from './hosted-images.urls.ts';

export type ReportRow = typeof imageReports.$inferSelect;

const uploader = alias(users, 'uploader');
const reporter = alias(users, 'reporter');
const handler = alias(users, 'handler');
const ref = <U extends { id: AnyPgColumn; username: AnyPgColumn }>(u: U) => ({ uuid: u.id, username: u.username });

/** A report with the people it names and its image (null once removed). */
const select = {
  report: imageReports,
  image: hostedImages,
  uploader: ref(uploader),
  reporter: ref(reporter),
  handler: ref(handler),
};
type Joined = {
  report: ReportRow;
  image: typeof hostedImages.$inferSelect | null;
  uploader: { uuid: string; username: string } | null;
  reporter: { uuid: string; username: string } | null;
  handler: { uuid: string; username: string } | null;
};

function joined(db: Db) {
  return db
    .select(select)
    .from(imageReports)
    .leftJoin(hostedImages, eq(hostedImages.id, imageReports.imageId))
    .leftJoin(uploader, eq(uploader.id, imageReports.uploaderId))
    .leftJoin(reporter, eq(reporter.id, imageReports.reporterId))
    .leftJoin(handler, eq(handler.id, imageReports.handledBy));
}

export function presentReport(j: Joined, urls: ImageUrls): ImageReport {
  const r = j.report;
  return {
    id: r.id,
    image_id: r.imageId,
    image_exists: j.image !== null,
    image: j.image ? urls.present(j.image) : null,
    uploader: j.uploader,
    reporter: j.reporter,
    reason: r.reason as ImageReport['reason'],
    note: r.note,
    status: r.status,
    staff_notes: r.staffNotes,
    handled_by: j.handler,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export interface ReportListQuery extends PageQuery {
  search?: string;
  status?: string;
  reason?: string;
  image_id?: string;
}

/** The staff list: filters, a search over the image id, the note and the uploader's name, newest first. */
export async function findReportsPage(db: Db, urls: ImageUrls, q: ReportListQuery) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(imageReports.status, q.status as ReportRow['status']));
  if (q.reason) conditions.push(eq(imageReports.reason, q.reason));
  if (q.image_id) conditions.push(eq(imageReports.imageId, q.image_id));
  if (q.search) {
    const term = likeTerm(q.search);
    conditions.push(
      or(
        ilike(imageReports.imageId, term),
        ilike(imageReports.note, term),
        sql`exists (select 1 from users u where u.id = ${imageReports.uploaderId} and u.username ilike ${term})`,
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sorts = { created_at: imageReports.createdAt, status: imageReports.status, reason: imageReports.reason };
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q.sort, sorts, [desc(imageReports.createdAt), desc(imageReports.id)]))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(imageReports).where(where),
  ]);
  return { data: (rows as Joined[]).map((j) => presentReport(j, urls)), total: Number(total?.n ?? 0) };
}

export async function findReport(db: Db, urls: ImageUrls, id: number): Promise<ImageReport | null> {
  const [row] = await joined(db).where(eq(imageReports.id, id));
  return row ? presentReport(row as Joined, urls) : null;
}

/** The other reports of the same image, newest first. */
export async function findImageReports(db: Db, urls: ImageUrls, imageId: string, except: number) {
  const rows = await joined(db)
    .where(and(eq(imageReports.imageId, imageId), sql`${imageReports.id} <> ${except}`))
    .orderBy(desc(imageReports.createdAt))
    .limit(50);
  return (rows as Joined[]).map((j) => {
    const { image: _image, ...rest } = presentReport(j, urls);
    return rest;
  });
}

/** The uploader's record: images held now, reports against them, images staff removed, and the ban. */
export async function uploaderStats(db: Db, uploaderId: string) {
  const [[images], [reports], [user]] = await Promise.all([
    db.select({ n: count() }).from(hostedImages).where(eq(hostedImages.userId, uploaderId)),
    db
      .select({
        n: count(),
        removed: sql<string>`count(distinct ${imageReports.imageId}) filter (where not exists (select 1 from hosted_images h where h.id = ${imageReports.imageId}))`,
      })
      .from(imageReports)
      .where(eq(imageReports.uploaderId, uploaderId)),
    db.select({ banned: users.banned }).from(users).where(eq(users.id, uploaderId)),
  ]);
  return {
    images: Number(images?.n ?? 0),
    reports: Number(reports?.n ?? 0),
    removed: Number(reports?.removed ?? 0),
    banned: user?.banned ?? false,
  };
}

/**
 * Files a report of an existing image. `reporter`: the signed-in member's id, or null; `ipHash`: the
 * keyed hash of the address. A second pending report by the same reporter hits the partial unique index.
 */
export async function fileReport(
  db: Db,
  imageId: string,
  body: ImageReportCreate,
  reporter: string | null,
  ipHash: string,
): Promise<void> {
  const [image] = await db
    .select({ userId: hostedImages.userId })
    .from(hostedImages)
    .where(eq(hostedImages.id, imageId));
  if (!image) throw new AppError('NOT_FOUND', 'There is no such image');
  try {
    await db.insert(imageReports).values({
      imageId,
      uploaderId: image.userId,
      reporterId: reporter,
      reporterIpHash: ipHash,
      reporterKey: reporter ? `user:${reporter}` : `ip:${ipHash}`,
      reason: body.reason,
      note: body.note ?? '',
    });
  } catch (err) {
    if (databaseError(err)?.code === '23505')
      throw new AppError('IMAGE_REPORT_DUPLICATE', 'You already reported this image; staff will look at it');
    throw err;
  }
}
