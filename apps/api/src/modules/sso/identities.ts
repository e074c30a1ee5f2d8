import type { LinkedIdentity, SsoProvider } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userIdentities } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertNotLastSignInMethod, lockAccount, signInMethodCounts } from '../auth/sign-in-methods.ts';

export async function listIdentities(db: Db, userId: string): Promise<LinkedIdentity[]> {
  const rows = await db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.linkedAt);
  return rows.map((r) => ({
    provider: r.provider,
    username: r.username,
    email: r.email,
    linked_at: r.linkedAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Unlinks a provider unless it is the member's last way in (checked with the account row locked). */
export async function unlinkIdentity(db: Db, userId: string, provider: SsoProvider): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockAccount(tx, userId);
    const [row] = await tx
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
    if (!row) throw new AppError('SSO_NOT_LINKED', `No ${provider} account is linked`);
    assertNotLastSignInMethod(await signInMethodCounts(tx, userId), 'identity');
    await tx.delete(userIdentities).where(eq(userIdentities.id, row.id));
    await recordAudit(tx, {
      actorId: userId,
      action: 'account.identity.unlink',
      targetType: 'user',
      targetId: userId,
      before: { provider, provider_username: row.username },
    });
  });
}
