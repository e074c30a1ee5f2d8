import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  authTokens,
  discordAccounts,
  hostedImages,
  imageHostingSettings,
  oauthStates,
  passkeys,
  recoveryCodes,
  serverQueue,
  servers,
  sessions,
  ticketAttachments,
  tickets,
  userIdentities,
  users,
  webauthnChallenges,
} from '../../db/schema/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { moveCoins } from '../coins/ledger.ts';
import { MEDIA_PREFIX } from '../media/media.service.ts';

/** A password hash no password matches (argon2 cannot parse it, so verify is false). */
export const ERASED_PASSWORD = '!erased';

/**
 * The last step of deleting an account, once none of its servers and no queued build remain: the
 * rules of docs/data-retention.md. The user row stays (the coin ledger, payments and audit entries
 * point at it) with every personal detail replaced; the coin balance is written off through the
 * ledger, so the balance still equals the sum of the entries. Tickets go with their files.
 * Returns false when there is still something to wait for, or when it was already done.
 */
export async function eraseAccount(
  db: Db,
  media: MediaStorage,
  userId: string,
  options: { imageRetentionDays: number },
): Promise<boolean> {
  const files = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Locked and skipped if another instance holds it: only one erases.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.deletedAt)))
      .for('update', { skipLocked: true });
    if (!user) return null;
    const [server] = await tx.select({ id: servers.id }).from(servers).where(eq(servers.ownerId, userId)).limit(1);
    const [queued] = await tx
      .select({ id: serverQueue.id })
      .from(serverQueue)
      .where(and(eq(serverQueue.userId, userId), inArray(serverQueue.status, ['pending', 'building'])))
      .limit(1);
    if (server || queued) return null;
    // A failed request holds nothing on the panel: it goes (staff could otherwise retry it).
    await tx.delete(serverQueue).where(and(eq(serverQueue.userId, userId), eq(serverQueue.status, 'failed')));

    if (user.coins > 0)
      await moveCoins(tx, {
        userId,
        amount: -user.coins,
        kind: 'account_deleted',
        reason: 'Balance written off: the account was deleted',
      });

    const attachments = await tx
      .select({ key: ticketAttachments.storageKey })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .where(eq(tickets.userId, userId));
    await tx.delete(tickets).where(eq(tickets.userId, userId)); // messages and attachments cascade
    for (const table of [sessions, authTokens, recoveryCodes, passkeys, webauthnChallenges, userIdentities])
      await tx.delete(table).where(eq(table.userId, userId));
    await tx.delete(discordAccounts).where(eq(discordAccounts.userId, userId));
    // Hosted images: removed now (retention 0), or kept without an owner until the retention job removes
    // them (workers/image-retention.worker.ts). Reports of them stay either way.
    const images =
      options.imageRetentionDays === 0
        ? await tx
            .delete(hostedImages)
            .where(eq(hostedImages.userId, userId))
            .returning({ storageKey: hostedImages.storageKey, thumbKey: hostedImages.thumbKey })
        : [];
    if (options.imageRetentionDays > 0)
      await tx
        .update(hostedImages)
        .set({ userId: null, ownerDeletedAt: new Date() })
        .where(eq(hostedImages.userId, userId));
    await tx.delete(imageHostingSettings).where(eq(imageHostingSettings.userId, userId));
    await tx.delete(oauthStates).where(eq(oauthStates.userId, userId));

    // Audit entries stay (who did what, when) but name the account by its id only: the personal
    // details a staff change recorded before and after it are taken out (docs/data-retention.md).
    const personal = sql`array['username','email','first_name','last_name','first_ip','last_ip','ban_reason']`;
    await tx
      .update(auditLog)
      .set({ before: sql`${auditLog.before} - ${personal}`, after: sql`${auditLog.after} - ${personal}` })
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));

    const tag = userId.replace(/-/g, '').slice(0, 12);
    await tx
      .update(users)
      .set({
        username: `deleted-${tag}`,
        email: `deleted-${userId}@deleted.invalid`,
        firstName: 'Deleted',
        lastName: 'member',
        passwordHash: ERASED_PASSWORD,
        avatar: null,
        background: null,
        skin: null,
        locale: null,
        emailVerifiedAt: null,
        banReason: null,
        twoFactorSecret: null,
        twoFactorEnabled: false,
        twoFactorLastStep: null,
        publicProfile: false,
        referralCode: `x${randomToken(9)}`,
        supportPin: '000000',
        billingCompany: null,
        billingAddress: null,
        billingCity: null,
        billingState: null,
        billingZip: null,
        billingCountry: null,
        billingVat: null,
        firstDevice: null,
        lastDevice: null,
        firstIp: null,
        lastIp: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, { actorId: null, action: 'account.erased', targetType: 'user', targetId: userId });
    const mediaKeys = [user.avatar, user.background, user.skin]
      .filter((u): u is string => Boolean(u?.startsWith(MEDIA_PREFIX)))
      .map((u) => u.slice(MEDIA_PREFIX.length));
    return [...mediaKeys, ...attachments.map((a) => a.key), ...images.flatMap((i) => [i.storageKey, i.thumbKey])];
  });
  if (files === null) return false;
  // After the commit: a failed file removal leaves an orphan file, never a half-erased account.
  await Promise.all(files.map((key) => media.delete(key).catch(() => undefined)));
  return true;
}
