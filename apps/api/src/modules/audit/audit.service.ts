import { type AuditEntry, type AuditTargetType, hasPermission, ROOT_PERMISSION } from '@hostdeck/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { countRows } from '../../lib/count.ts';

const SECRET_KEY = /password|secret|token|hash|key/i;

/** A copy with every secret-looking field replaced; what the audit log stores. */
export function mask(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (SECRET_KEY.test(k)) out[k] = v === null || v === undefined || v === '' ? v : '••••';
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = mask(v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: AuditTargetType;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records an entry; pass the transaction of the change so both commit or neither. */
export async function recordAudit(db: Db, e: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: mask(e.before),
    after: mask(e.after),
  });
}

/** The permission that reads a kind of audited record, and so the entry's before and after. */
export const auditDetailPermission: Record<AuditTargetType, string> = {
  user: 'admin.users.list',
  settings: 'admin.settings.view',
  role: 'admin.roles.list',
  api_key: 'admin.apikeys.list',
  backup: 'admin.backups.list',
  plugin: 'admin.plugins.list',
  server: 'admin.servers.list',
  server_queue: 'admin.server.queue.view',
  ticket: 'admin.tickets.view',
  mail: 'admin.mail.templates.list',
  mail_template: 'admin.mail.templates.list',
  image_report: 'admin.image.reports.view',
  library_image: 'admin.images.list',
  announcement: 'admin.announcements.list',
  department: 'admin.departments.list',
  egg: 'admin.egg.list',
  egg_category: 'admin.nests.list',
  location: 'admin.locations.list',
  redeem_code: 'admin.redeem.codes.list',
  redirect_link: 'admin.redirect.links.list',
  j4r_server: 'admin.j4r.servers.list',
};

/**
 * Entries as a caller may see them: who did what to which record always, what the record held
 * before and after only with the permission that reads that kind of record (a member's e-mail and
 * address, private settings); an unlisted kind shows its details to admin.root alone.
 */
export function auditAsSeenBy(entries: AuditEntry[], permissions: readonly string[]): AuditEntry[] {
  return entries.map((e) =>
    hasPermission(permissions, auditDetailPermission[e.target_type as AuditTargetType] ?? ROOT_PERMISSION)
      ? e
      : { ...e, before: null, after: null },
  );
}

export async function listAudit(
  db: Db,
  q: { page: number; per_page: number; target_type?: string; target_id?: string; actor_id?: string },
): Promise<{ data: AuditEntry[]; total: number; estimated: boolean }> {
  const conditions: SQL[] = [];
  if (q.target_type) conditions.push(eq(auditLog.targetType, q.target_type));
  if (q.target_id) conditions.push(eq(auditLog.targetId, q.target_id));
  if (q.actor_id) conditions.push(eq(auditLog.actorId, q.actor_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select({ entry: auditLog, actor: users.username })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    countRows(db, db.select({ id: auditLog.id }).from(auditLog).where(where)),
  ]);
  return {
    ...counted,
    data: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_username: actor,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}
