import { type ApiKey, type ApiKeyCreate, hasPermission } from '@hostdeck/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { type Actor, assertHoldsAll } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ResolvedSession } from '../auth/sessions.service.ts';
import { accountUsable } from '../auth/sign-in.ts';
import { findUserWithRole } from '../auth/users.repo.ts';

type Row = typeof apiKeys.$inferSelect;
/** Keys start with this, so a leaked one is easy to recognise (and to search for). */
const KEY_PREFIX = 'hdk_';
/** last_used_at is written at most this often per key. */
const TOUCH_MS = 60_000;

function view(r: Row): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    permissions: r.permissions,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Integration keys: a random bearer token shown once (only its SHA-256 kept). A key acts as the
 * staff member who made it, with the permissions listed on it that this member still holds: it
 * never grants more than its maker has, now or later.
 */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ApiKey[]> {
    const rows = await this.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
    return rows.map(view);
  }

  async create(actor: Actor, body: ApiKeyCreate): Promise<{ key: ApiKey; secret: string }> {
    assertHoldsAll(actor, body.permissions, 'A key cannot hold a permission you do not hold');
    const secret = `${KEY_PREFIX}${randomToken(32)}`;
    const permissions = [...new Set(body.permissions)];
    const row = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [created] = await tx
        .insert(apiKeys)
        .values({
          name: body.name,
          keyHash: sha256(secret),
          prefix: secret.slice(0, 12),
          permissions,
          createdBy: actor.id,
        })
        .returning();
      if (!created) throw new Error('API key insert returned nothing');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: created.id,
        after: { name: created.name, prefix: created.prefix, permissions },
      });
      return created;
    });
    return { key: view(row), secret };
  }

  async revoke(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'No such API key, or it is already revoked');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: id,
        before: { name: row.name, prefix: row.prefix },
      });
    });
  }

  /** The key's maker, acting with the key's permissions; null for an unknown or revoked key. */
  async resolve(secret: string): Promise<ResolvedSession | null> {
    if (!secret.startsWith(KEY_PREFIX) || secret.length > 128) return null;
    const [row] = await this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, sha256(secret)));
    if (!row || row.revokedAt || !row.createdBy) return null;
    const maker = await findUserWithRole(this.db, row.createdBy);
    // A maker who is banned, deleted or being deleted takes their keys with them at once.
    if (!maker || !accountUsable(maker.user)) return null;
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_MS)
      await this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
    const permissions = row.permissions.filter((p) => hasPermission(maker.role.permissions, p));
    return {
      // Not a browser session: nothing to revoke or touch; method 'api_key' tells checks apart.
      session: {
        id: row.id,
        userId: maker.user.id,
        tokenHash: row.keyHash,
        twoFactorPending: false,
        ip: null,
        userAgent: null,
        method: 'api_key',
        createdAt: row.createdAt,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
        revokedAt: null,
      },
      account: { user: maker.user, role: { ...maker.role, permissions } },
    };
  }
}
