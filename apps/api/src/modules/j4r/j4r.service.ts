import type { J4rOverview, J4rServer } from '@hostdeck/contracts';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { j4rClaims, j4rServers, users } from '../../db/schema/index.ts';
import { DiscordError } from '../../integrations/discord/client.ts';
import { tableCrud } from '../../lib/table-crud.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { DiscordService } from '../discord/discord.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

type Row = Record<string, unknown>;
const BATCH = 50;

/** Join-for-rewards servers in the admin area: the generated CRUD over the table. */
export const j4rServersService = (db: Db) =>
  tableCrud<J4rServer>(db, {
    table: j4rServers,
    noun: 'j4r_server',
    fields: {
      name: 'name',
      guild_id: 'guildId',
      invite_code: 'inviteCode',
      description: 'description',
      icon_url: 'iconUrl',
      coins: 'coins',
      enabled: 'enabled',
    },
    present: (r: Row) => ({
      id: r.id as number,
      name: r.name as string,
      guild_id: r.guildId as string,
      invite_code: r.inviteCode as string,
      description: r.description as string,
      icon_url: r.iconUrl as string | null,
      coins: r.coins as number,
      enabled: r.enabled as boolean,
      claims: r.claims as number,
      created_at: (r.createdAt as Date).toISOString(),
      updated_at: (r.updatedAt as Date).toISOString(),
    }),
    sort: { name: j4rServers.name, coins: j4rServers.coins, created_at: j4rServers.createdAt },
    search: j4rServers.name,
    filters: (q) => (q.enabled === undefined ? [] : [eq(j4rServers.enabled, q.enabled as boolean)]),
    // Its claims are what stops a Discord account being paid twice: a paid-out server is disabled, not deleted.
    inUse: async (tx, id) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(j4rClaims)
        .where(eq(j4rClaims.serverId, id));
      return Number(row?.n ?? 0) > 0 ? 'Members were paid for joining this server; disable it instead' : null;
    },
  });

/**
 * Join for rewards: after a round trip through Discord, every enabled server the member's Discord
 * account is in pays once per Discord account; with re-checks on, the bot later asks Discord whether
 * they are still there and takes the reward back from those who left.
 */
export class J4rService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
    private readonly log: FastifyBaseLogger,
  ) {}

  private recheckOn(): boolean {
    return this.settings.bool('j4r_recheck_enabled') && this.settings.isSet('discord_bot_token');
  }

  async overview(userId: string): Promise<J4rOverview> {
    const account = await this.discord.account(userId);
    const servers = await this.db
      .select()
      .from(j4rServers)
      .where(eq(j4rServers.enabled, true))
      .orderBy(j4rServers.name);
    const claims = account ? await this.db.select().from(j4rClaims).where(eq(j4rClaims.discordId, account.id)) : [];
    const [earned] = await this.db
      .select({ sum: sql<number>`coalesce(sum(${j4rClaims.coins}), 0)::int` })
      .from(j4rClaims)
      .where(and(eq(j4rClaims.userId, userId), isNull(j4rClaims.revokedAt)));
    return {
      success: true,
      enabled: this.settings.bool('j4r_enabled'),
      discord_configured: this.discord.configured(),
      discord: account,
      recheck: this.recheckOn(),
      earned: Number(earned?.sum ?? 0),
      servers: servers.map((s) => {
        const claim = claims.find((c) => c.serverId === s.id);
        return {
          id: s.id,
          name: s.name,
          description: s.description,
          icon_url: s.iconUrl,
          invite_url: `https://discord.gg/${s.inviteCode}`,
          coins: s.coins,
          state: !claim ? 'open' : claim.revokedAt ? 'revoked' : 'claimed',
          claimed_at: claim?.claimedAt.toISOString() ?? null,
        };
      }),
    };
  }

  /**
   * Pays for each enabled server in `guildIds` not yet paid to this Discord account (or paid and
   * taken back since). The unique (server, Discord account) key makes parallel checks pay once.
   * Returns the coins paid.
   */
  async payJoined(userId: string, discordId: string, guildIds: Set<string>): Promise<number> {
    const servers = await this.db.select().from(j4rServers).where(eq(j4rServers.enabled, true));
    let paid = 0;
    for (const s of servers.filter((x) => guildIds.has(x.guildId))) {
      paid += await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = new Date();
        const [claim] = await tx
          .insert(j4rClaims)
          .values({ serverId: s.id, discordId, userId, coins: s.coins, claimedAt: now, checkedAt: now })
          .onConflictDoUpdate({
            target: [j4rClaims.serverId, j4rClaims.discordId],
            set: { userId, coins: s.coins, claimedAt: now, checkedAt: now, revokedAt: null },
            setWhere: isNotNull(j4rClaims.revokedAt),
          })
          .returning();
        if (!claim) return 0;
        await tx
          .update(j4rServers)
          .set({ claims: sql`${j4rServers.claims} + 1` })
          .where(eq(j4rServers.id, s.id));
        await moveCoins(tx, {
          userId,
          amount: s.coins,
          kind: 'j4r',
          reason: `Joined ${s.name} on Discord`,
          reference: String(s.id),
          idempotencyKey: `j4r:${claim.id}:${now.getTime()}`,
        });
        return s.coins;
      });
    }
    return paid;
  }

  /**
   * One re-check pass: rewards not checked for `j4r_recheck_hours` are asked about with the bot
   * token; a member who left loses the reward (as much of it as their balance still holds — the
   * ledger never goes below zero). Returns how many were taken back.
   */
  async recheck(now = new Date()): Promise<number> {
    if (!this.recheckOn()) return 0;
    const botToken = this.settings.string('discord_bot_token');
    const due = new Date(now.getTime() - this.settings.number('j4r_recheck_hours') * 3_600_000);
    const rows = await this.db
      .select({ claim: j4rClaims, guildId: j4rServers.guildId, name: j4rServers.name })
      .from(j4rClaims)
      .innerJoin(j4rServers, eq(j4rServers.id, j4rClaims.serverId))
      .where(and(isNull(j4rClaims.revokedAt), lt(j4rClaims.checkedAt, due)))
      .orderBy(j4rClaims.checkedAt)
      .limit(BATCH);
    const client = this.discord.client();
    let revoked = 0;
    for (const { claim, guildId, name } of rows) {
      let member: boolean | null;
      try {
        member = await client.isMember(guildId, claim.discordId, botToken);
      } catch (err) {
        if (err instanceof DiscordError) {
          this.log.warn({ err: err.message }, 'join-for-rewards re-check stopped: Discord failed');
          break;
        }
        throw err;
      }
      if (member === null)
        this.log.warn({ guildId }, 'join-for-rewards re-check: the bot cannot see this server; reward kept');
      if (member !== false) {
        await this.db.update(j4rClaims).set({ checkedAt: now }).where(eq(j4rClaims.id, claim.id));
        continue;
      }
      revoked += await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [gone] = await tx
          .update(j4rClaims)
          .set({ revokedAt: now, checkedAt: now })
          .where(and(eq(j4rClaims.id, claim.id), isNull(j4rClaims.revokedAt)))
          .returning();
        if (!gone) return 0;
        await tx
          .update(j4rServers)
          .set({ claims: sql`greatest(${j4rServers.claims} - 1, 0)` })
          .where(eq(j4rServers.id, claim.serverId));
        const [owner] = await tx
          .select({ coins: users.coins })
          .from(users)
          .where(eq(users.id, claim.userId))
          .for('update');
        const take = Math.min(claim.coins, owner?.coins ?? 0);
        if (take > 0)
          await moveCoins(tx, {
            userId: claim.userId,
            amount: -take,
            kind: 'clawback',
            reason: `Left ${name} on Discord`,
            reference: String(claim.serverId),
            idempotencyKey: `j4r-clawback:${claim.id}:${claim.claimedAt.getTime()}`,
          });
        return 1;
      });
    }
    return revoked;
  }
}
