import {
  type LinkClaim,
  type LinkClaimRequest,
  type LinkProvider,
  type LinkProviderStatus,
  type LinkStartResult,
  type LinksOverview,
  linkProviderNames,
  linkProviders,
} from '@hostdeck/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linkClaims, users } from '../../db/schema/index.ts';
import {
  type LinkEndpoints,
  LinkProviderError,
  shortenLink,
  verifyLinkvertise,
} from '../../integrations/links/providers.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { SettingsService } from '../settings/settings.service.ts';

const DAY_MS = 86_400_000;
type ClaimRow = typeof linkClaims.$inferSelect;

/**
 * Link rewards: a member starts a link (a single-use claim token inside the provider's link), the
 * provider's page sends them back with it, and the claim pays once — not before the minimum time,
 * not after the expiry, within the daily limit and the cooldown, and for Linkvertise only when its
 * anti-bypassing API confirms the visit.
 */
export class LinksService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly endpoints: LinkEndpoints,
  ) {}

  private config(p: LinkProvider) {
    const s = this.settings;
    return {
      name: p === 'generic' ? s.string('l4r_generic_name') || linkProviderNames.generic : linkProviderNames[p],
      enabled: s.bool(`l4r_${p}_enabled`),
      apiKey: s.string(`l4r_${p}_api_key`),
      coins: s.number(`l4r_${p}_coins`),
      dailyLimit: s.number(`l4r_${p}_daily_limit`),
      cooldownMs: s.number(`l4r_${p}_cooldown_seconds`) * 1000,
      minMs: s.number(`l4r_${p}_min_seconds`) * 1000,
      expiryMs: s.number(`l4r_${p}_expiry_seconds`) * 1000,
      userId: s.string('l4r_linkvertise_user_id'),
      template: s.string('l4r_generic_url_template'),
    };
  }

  /** Linkvertise claims are checked with Linkvertise once its anti-bypassing token is set. */
  private verifiedByProvider(p: LinkProvider): boolean {
    return p === 'linkvertise' && this.settings.isSet('l4r_linkvertise_api_key');
  }

  private configured(p: LinkProvider): boolean {
    const c = this.config(p);
    if (p === 'linkvertise') return /^\d+$/.test(c.userId);
    if (p === 'generic') return c.template.includes('{url}');
    return c.apiKey !== '';
  }

  /** Completed links of the last 24 hours: how many, and when the next one may start (null = now). */
  private async availability(db: Db, userId: string, p: LinkProvider, now: number) {
    const c = this.config(p);
    const done = await db
      .select({ completedAt: linkClaims.completedAt })
      .from(linkClaims)
      .where(
        and(
          eq(linkClaims.userId, userId),
          eq(linkClaims.provider, p),
          eq(linkClaims.status, 'completed'),
          gt(linkClaims.completedAt, new Date(now - DAY_MS)),
        ),
      )
      .orderBy(linkClaims.completedAt);
    const times = done.map((d) => (d.completedAt as Date).getTime());
    let next = 0;
    const latest = times.at(-1);
    if (latest !== undefined) next = latest + c.cooldownMs;
    // Over the limit: free again when the oldest completion that still counts leaves the 24 hours.
    const oldestCounting = times[times.length - c.dailyLimit];
    if (times.length >= c.dailyLimit && oldestCounting !== undefined) next = Math.max(next, oldestCounting + DAY_MS);
    return { used: times.length, next: next > now ? next : null, limitReached: times.length >= c.dailyLimit };
  }

  private async ensureAvailable(db: Db, userId: string, p: LinkProvider, now: number): Promise<void> {
    const a = await this.availability(db, userId, p, now);
    if (a.limitReached)
      throw new AppError(
        'LINK_DAILY_LIMIT',
        `You completed the ${this.config(p).dailyLimit} links a day allowed here; the next one is possible at ${new Date(a.next ?? now).toISOString()}`,
      );
    if (a.next !== null)
      throw new AppError(
        'LINK_COOLDOWN',
        `Wait ${Math.ceil((a.next - now) / 1000)} seconds before the next ${this.config(p).name} link`,
      );
  }

  async overview(userId: string): Promise<LinksOverview> {
    const now = Date.now();
    const providers: LinkProviderStatus[] = [];
    for (const p of linkProviders) {
      const c = this.config(p);
      const enabled = c.enabled && this.configured(p);
      const a = await this.availability(this.db, userId, p, now);
      providers.push({
        provider: p,
        name: c.name,
        enabled,
        coins: c.coins,
        daily_limit: c.dailyLimit,
        used_today: a.used,
        cooldown_seconds: c.cooldownMs / 1000,
        min_seconds: c.minMs / 1000,
        expiry_seconds: c.expiryMs / 1000,
        verified_by_provider: this.verifiedByProvider(p),
        available_at: a.next === null ? null : new Date(a.next).toISOString(),
      });
    }
    const recent = await this.db
      .select()
      .from(linkClaims)
      .where(eq(linkClaims.userId, userId))
      .orderBy(desc(linkClaims.createdAt))
      .limit(20);
    const [earned] = await this.db
      .select({ sum: sql<number>`coalesce(sum(${linkClaims.coins}), 0)::int` })
      .from(linkClaims)
      .where(
        and(
          eq(linkClaims.userId, userId),
          eq(linkClaims.status, 'completed'),
          gt(linkClaims.completedAt, new Date(now - DAY_MS)),
        ),
      );
    return {
      success: true,
      providers,
      recent: recent.map((r) => present(r, now)),
      earned_today: Number(earned?.sum ?? 0),
    };
  }

  /** Starts a link: the provider's address for the member, wrapping the return address with a fresh token. */
  async start(userId: string, p: LinkProvider): Promise<LinkStartResult> {
    const c = this.config(p);
    if (!c.enabled) throw new AppError('FEATURE_DISABLED', `Links from ${c.name} are switched off on this panel`);
    if (!this.configured(p))
      throw new AppError('LINK_PROVIDER_NOT_CONFIGURED', `${c.name} is not set up on this panel yet`);
    const now = Date.now();
    await this.ensureAvailable(this.db, userId, p, now);
    const token = randomToken();
    const target = `${this.publicUrl()}/earn/links?claim=${token}`;
    let url: string;
    try {
      url = await shortenLink(p, { apiKey: c.apiKey, userId: c.userId, template: c.template }, target, this.endpoints);
    } catch (err) {
      if (err instanceof LinkProviderError) throw new AppError('LINK_PROVIDER_FAILED', err.message);
      throw err;
    }
    // Only the newest link of a provider can be claimed: older unfinished ones are cancelled.
    const row = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx
        .update(linkClaims)
        .set({ status: 'cancelled' })
        .where(and(eq(linkClaims.userId, userId), eq(linkClaims.provider, p), eq(linkClaims.status, 'pending')));
      const [created] = await tx
        .insert(linkClaims)
        .values({
          userId,
          provider: p,
          tokenHash: sha256(token),
          coins: c.coins,
          claimableAt: new Date(now + c.minMs),
          expiresAt: new Date(now + c.expiryMs),
        })
        .returning();
      return created as ClaimRow;
    });
    return { success: true, claim: present(row, now), url };
  }

  /** The member is back from the provider with their token: checks everything, then pays exactly once. */
  async claim(
    userId: string,
    input: LinkClaimRequest,
  ): Promise<{ provider: LinkProvider; coins: number; balance: number }> {
    const [found] = await this.db
      .select()
      .from(linkClaims)
      .where(and(eq(linkClaims.tokenHash, sha256(input.token)), eq(linkClaims.userId, userId)));
    const now = Date.now();
    const claim = this.checkClaimable(found, now);
    const c = this.config(claim.provider);
    if (!c.enabled) throw new AppError('FEATURE_DISABLED', `Links from ${c.name} are switched off on this panel`);
    if (this.verifiedByProvider(claim.provider)) {
      if (!input.hash)
        throw new AppError('LINK_NOT_VERIFIED', 'Linkvertise did not confirm this visit (no hash came back)');
      let ok: boolean;
      try {
        ok = await verifyLinkvertise(c.apiKey, input.hash, this.endpoints);
      } catch (err) {
        if (err instanceof LinkProviderError) throw new AppError('LINK_PROVIDER_FAILED', err.message);
        throw err;
      }
      if (!ok) {
        // Linkvertise answers TRUE once per hash: a parallel request holding that TRUE may still complete it.
        await this.db
          .update(linkClaims)
          .set({ status: 'rejected' })
          .where(and(eq(linkClaims.id, claim.id), eq(linkClaims.status, 'pending')));
        throw new AppError('LINK_NOT_VERIFIED', 'Linkvertise did not confirm that this link was completed');
      }
    } else if (claim.status === 'rejected') {
      throw new AppError('LINK_NOT_VERIFIED', 'This link was refused by its provider');
    }
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row serialises their claims, so the limit and cooldown hold under parallel requests.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [locked] = await tx.select().from(linkClaims).where(eq(linkClaims.id, claim.id)).for('update');
      this.checkClaimable(locked, now);
      await this.ensureAvailable(tx, userId, claim.provider, Date.now());
      await tx
        .update(linkClaims)
        .set({ status: 'completed', completedAt: new Date() })
        .where(and(eq(linkClaims.id, claim.id), inArray(linkClaims.status, ['pending', 'rejected'])));
      const balance = await moveCoins(tx, {
        userId,
        amount: claim.coins,
        kind: 'link',
        reason: `${c.name} link`,
        reference: claim.id,
        idempotencyKey: `link:${claim.id}`,
      });
      return { provider: claim.provider, coins: claim.coins, balance };
    });
  }

  private checkClaimable(row: ClaimRow | undefined, now: number): ClaimRow {
    if (!row || row.status === 'cancelled')
      throw new AppError('LINK_CLAIM_INVALID', 'This link is not valid (a newer one may have replaced it)');
    if (row.status === 'completed') throw new AppError('LINK_CLAIM_USED', 'This link has already paid its reward');
    if (row.expiresAt.getTime() <= now)
      throw new AppError('LINK_CLAIM_EXPIRED', 'This link has expired; start a new one');
    if (row.claimableAt.getTime() > now)
      throw new AppError(
        'LINK_CLAIM_TOO_EARLY',
        `That was faster than the link allows: claim it in ${Math.ceil((row.claimableAt.getTime() - now) / 1000)} seconds`,
      );
    return row;
  }
}

function present(r: ClaimRow, now: number): LinkClaim {
  return {
    id: r.id,
    provider: r.provider,
    status: r.status === 'pending' && r.expiresAt.getTime() <= now ? 'expired' : r.status,
    coins: r.coins,
    created_at: r.createdAt.toISOString(),
    claimable_at: r.claimableAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}
