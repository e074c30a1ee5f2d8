import {
  SERVER_RESOURCE_KEYS as keys,
  type MemberServer,
  type RenewalQuote,
  type ServerDetail,
  type ServerUpdate,
} from '@hostdeck/contracts';
import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { servers, users } from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { moveCoins } from '../coins/ledger.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { freeResources } from './requests.service.ts';
import { missingError, onOtherPanelError, ServerPanel } from './server-panel.ts';
import { findServer, type PanelView, presentServer, type ServerRow } from './servers.repo.ts';

/** States in which another change must wait (a panel call of this one is under way). */
const BUSY = ['updating', 'deleting'];
const busy = () => new AppError('SERVER_BUSY', 'This server is busy with another change; try again in a moment');
const DAY_MS = 86_400_000;

/**
 * A member's servers after they are built: update within the free pool, renew with coins, delete.
 * Reservations are written before the panel is called and undone if the panel refuses, so a panel
 * call never runs inside a transaction and parallel changes can never exceed the member's limits.
 * Every panel call about a record goes through `onPanel` (server-panel.ts): only on the record's own panel.
 */
export class ServersService {
  readonly onPanel: ServerPanel;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly panel: PanelService,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.onPanel = new ServerPanel(db, panel, log);
  }

  /** What presenting records needs: the panel's links, and which records belong to another panel. */
  async view(): Promise<PanelView> {
    return { urlFor: await this.panel.linker(), elsewhere: (s) => this.onPanel.elsewhere(s) };
  }

  async detail(actor: Actor, id: string): Promise<ServerDetail> {
    const found = await this.owned(this.db, actor, id);
    const [user] = await this.db.select().from(users).where(eq(users.id, actor.id));
    if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
    const free = await freeResources(this.db, user);
    const s = found.server;
    return {
      success: true,
      data: presentServer(found, await this.view()),
      max: Object.fromEntries(keys.map((k) => [k, Math.max(0, free[k]) + s[k]])) as ServerDetail['max'],
      renewal: this.quote(s, user.coins),
    };
  }

  quote(s: Pick<ServerRow, 'expiresAt'>, coins: number): RenewalQuote {
    const days = this.settings.number('server_renew_days');
    // A server without an expiry (built while renewal was off) gets a free period when renewal is on
    // (the lifecycle worker's giveExpiries); a renewal paid before that adds its period after it.
    const from = s.expiresAt ? Math.max(Date.now(), s.expiresAt.getTime()) : Date.now() + days * DAY_MS;
    return {
      enabled: this.settings.bool('server_renew_enabled'),
      cost: this.settings.number('server_renew_cost'),
      days,
      coins,
      new_expires_at: new Date(from + days * DAY_MS).toISOString(),
    };
  }

  async update(actor: Actor, id: string, change: ServerUpdate): Promise<MemberServer> {
    if (Object.values(change).every((v) => v === undefined)) return this.present(actor, id);
    const before = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row lock orders this against their other requests, updates and creations.
      const [user] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
      if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');
      const { server } = await this.owned(tx, actor, id);
      this.assertIdle(server);
      this.onPanel.assertActionable(server);
      const free = await freeResources(tx, user);
      const short = Object.fromEntries(
        keys
          .filter((k) => change[k] !== undefined && (change[k] as number) - server[k] > Math.max(0, free[k]))
          .map((k) => [k, `At most ${server[k] + Math.max(0, free[k])}`]),
      );
      if (Object.keys(short).length > 0)
        throw new AppError('INSUFFICIENT_RESOURCES', 'You do not have enough free resources for this change', short);
      await tx
        .update(servers)
        .set({ ...change, status: 'updating', updatedAt: new Date() })
        .where(eq(servers.id, server.id));
      return server;
    });

    const resourcesChanged = keys.some((k) => change[k] !== undefined && change[k] !== before[k]);
    // The panel kept the old values: so does Hostdeck (the reservation is released).
    const restore = () =>
      this.db
        .update(servers)
        .set({ ...pick(before), name: before.name, description: before.description, status: before.status })
        .where(eq(servers.id, before.id));
    let outcome: 'none' | 'gone' | 'done';
    try {
      outcome = await this.onPanel.write(before, (p, panelId) =>
        p.updateServer(panelId, {
          name: change.name,
          description: change.description,
          resources: resourcesChanged ? { ...pick(before), ...pickDefined(change) } : undefined,
        }),
      );
    } catch (err) {
      await restore();
      throw err;
    }
    if (outcome === 'gone') {
      await restore();
      await this.onPanel.markMissing(before);
      throw missingError();
    }
    await this.db
      .update(servers)
      .set({ status: before.status, updatedAt: new Date() })
      .where(and(eq(servers.id, before.id), eq(servers.status, 'updating')));
    return this.present(actor, id);
  }

  /**
   * Debits the renewal cost through the ledger and extends the expiry from the later of now and the
   * current expiry, in one transaction; then lifts a suspension Hostdeck made at expiry.
   */
  async renew(actor: Actor, id: string): Promise<{ data: MemberServer; coins: number }> {
    const { server, coins } = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The member's row first (as update does): parallel renewals wait here and each then reads the
      // expiry the one before it wrote, so every paid renewal adds its days.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
      const { server } = await this.owned(tx, actor, id);
      if (!this.settings.bool('server_renew_enabled'))
        throw new AppError('FEATURE_DISABLED', 'Renewing servers is switched off on this panel');
      this.assertIdle(server);
      // Refused before any coin moves: no suspension can be lifted on another panel, or on a server that is gone.
      this.onPanel.assertActionable(server);
      const quote = this.quote(server, 0);
      const coins = await moveCoins(tx, {
        userId: actor.id,
        amount: -quote.cost,
        kind: 'renew',
        reason: `Renewed "${server.name}" for ${quote.days} days`,
        reference: server.id,
        actorId: actor.id,
      });
      const [row] = await tx
        .update(servers)
        .set({ expiresAt: new Date(quote.new_expires_at), reminderSentAt: null, updatedAt: new Date() })
        .where(eq(servers.id, server.id))
        .returning();
      return { server: row as ServerRow, coins };
    });
    // The renewal is paid and recorded either way; if the panel cannot unsuspend now, the server stays
    // marked (expiry_suspended_at) and the lifecycle worker's retryUnsuspend lifts it on a later pass.
    if (server.expirySuspendedAt) await this.liftExpirySuspension(server).catch(() => undefined);
    return { data: await this.present(actor, id), coins };
  }

  /** Unsuspends on the panel, then records it; on failure the lifecycle worker tries again. */
  async liftExpirySuspension(server: ServerRow): Promise<void> {
    const outcome = await this.onPanel.write(server, (p, panelId) => p.unsuspendServer(panelId));
    if (outcome === 'gone') return this.onPanel.markMissing(server);
    await this.db
      .update(servers)
      .set({ status: 'active', expirySuspendedAt: null, updatedAt: new Date() })
      .where(and(eq(servers.id, server.id), isNotNull(servers.expirySuspendedAt)));
  }

  /**
   * Deletes on the panel first; the record goes only once the panel confirms (or no longer has it).
   * A record of another panel is refused to its owner; an administrator removes the record alone,
   * without any panel call (the configured panel's server under that id is not this one), audited as such.
   */
  async remove(actor: Actor, id: string, opts: { asAdmin?: boolean } = {}): Promise<void> {
    const { server, recordOnly } = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const found = opts.asAdmin ? await findServer(tx, id) : await this.owned(tx, actor, id);
      if (!found) throw new AppError('NOT_FOUND', 'There is no such server');
      if (this.onPanel.elsewhere(found.server)) {
        if (!opts.asAdmin) throw onOtherPanelError();
        await tx.delete(servers).where(eq(servers.id, id));
        return { server: found.server, recordOnly: true };
      }
      this.assertIdle(found.server);
      // Claimed by one conditional UPDATE: of parallel deletes, one wins and the others find it busy
      // (each would call the panel and write its own audit line otherwise).
      const [claimed] = await tx
        .update(servers)
        .set({ status: 'deleting', updatedAt: new Date() })
        .where(and(eq(servers.id, id), notInArray(servers.status, BUSY)))
        .returning({ id: servers.id });
      if (!claimed) throw busy();
      return { server: found.server, recordOnly: false };
    });
    try {
      if (!recordOnly) await this.deleteOnPanel(server);
    } catch (err) {
      await this.db.update(servers).set({ status: server.status }).where(eq(servers.id, server.id));
      throw err;
    }
    if (opts.asAdmin)
      await recordAudit(this.db, {
        actorId: actor.id,
        action: 'server.delete',
        targetType: 'server',
        targetId: server.id,
        before: {
          name: server.name,
          owner_id: server.ownerId,
          panel_server_id: server.panelServerId,
          panel_key: server.panelKey,
        },
        // Only the record went: the server (if any) is left on the panel it was built on.
        after: recordOnly ? { record_only: true } : undefined,
      });
  }

  /**
   * Panel first, then the record (also used by the lifecycle worker for expired servers). A server the
   * panel no longer has (404, or its id now holds another server) is not touched: only the record goes.
   */
  async deleteOnPanel(server: ServerRow): Promise<void> {
    const outcome = await this.onPanel.write(server, (p, panelId) => p.deleteServer(panelId));
    if (outcome === 'gone')
      this.log?.warn({ server: server.id }, 'deleted a server record whose server the panel no longer has');
    await this.db.delete(servers).where(eq(servers.id, server.id));
  }

  private async present(actor: Actor, id: string): Promise<MemberServer> {
    return presentServer(await this.owned(this.db, actor, id), await this.view());
  }

  /** Someone else's server answers 404, as a missing one does: its existence is not disclosed. */
  private async owned(db: Db, actor: Actor, id: string) {
    const found = await findServer(db, id, actor.id);
    if (!found) throw new AppError('NOT_FOUND', 'There is no such server');
    return found;
  }

  private assertIdle(server: ServerRow): void {
    if (BUSY.includes(server.status)) throw busy();
  }
}

const pick = (s: ServerRow) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Record<(typeof keys)[number], number>;
const pickDefined = (c: ServerUpdate) =>
  Object.fromEntries(keys.flatMap((k) => (c[k] === undefined ? [] : [[k, c[k]]])));
