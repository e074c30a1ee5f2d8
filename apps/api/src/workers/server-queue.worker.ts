import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  eggs,
  locations,
  serverQueue,
  serverQueueLogs,
  servers,
  type UserRow,
  users,
  workerHeartbeats,
} from '../db/schema/index.ts';
import type { PanelService } from '../integrations/hosting/panel.service.ts';
import { type HostingProvider, PanelAccountConflict } from '../integrations/hosting/provider.ts';
import { PanelError } from '../integrations/pterodactyl/errors.ts';
import { enqueueTemplateMail, mailGlobals } from '../modules/mail/templates.ts';
import { settleReferral } from '../modules/referrals/referrals.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

type Item = typeof serverQueue.$inferSelect;

class PermanentFailure extends Error {}

export interface ServerQueueOptions {
  /** Attempts before a transient fault fails the item for good. */
  maxAttempts?: number;
  /** An item left "building" this long was abandoned by a crashed worker and is taken back. */
  stuckMs?: number;
  /** Items built at once by this instance (each claimed with its own row lock). */
  concurrency?: number;
}

/**
 * Builds queued servers on the panel. Safe with several instances: items are claimed with
 * FOR UPDATE SKIP LOCKED and marked building before any panel call; the queue item id is the panel
 * server's external id, so a retry after a crash adopts the server it already made.
 */
export class ServerQueueWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly instance = randomUUID();
  private readonly maxAttempts: number;
  private readonly stuckMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
    options: ServerQueueOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 6;
    this.stuckMs = options.stuckMs ?? 10 * 60_000;
    this.concurrency = options.concurrency ?? 4;
  }

  start(intervalMs = 3000): void {
    this.timer = setInterval(
      () => void this.runOnce().catch((err) => this.log.error({ err }, 'server queue failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Builds every due item; resolves with how many were handled. */
  runOnce(): Promise<number> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work(): Promise<number> {
    await this.db
      .insert(workerHeartbeats)
      .values({ name: 'server-queue', instance: this.instance })
      .onConflictDoUpdate({ target: workerHeartbeats.name, set: { instance: this.instance, beatAt: new Date() } });
    if (!this.panel.configured()) return 0;
    await this.reclaimStuck();
    let done = 0;
    const loop = async () => {
      for (;;) {
        const item = await this.claim();
        if (!item) return;
        await this.build(item);
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, loop));
    return done;
  }

  private async reclaimStuck(): Promise<void> {
    const stuck = await this.db
      .update(serverQueue)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(and(eq(serverQueue.status, 'building'), lte(serverQueue.updatedAt, new Date(Date.now() - this.stuckMs))))
      .returning({ id: serverQueue.id });
    for (const s of stuck) await this.note(s.id, 'warn', 'Taken back after a worker stopped during the build');
  }

  private async claim(): Promise<Item | null> {
    return this.db.transaction(async (tx) => {
      const [item] = await tx
        .select()
        .from(serverQueue)
        .where(and(eq(serverQueue.status, 'pending'), lte(serverQueue.nextAttemptAt, sql`now()`)))
        .orderBy(serverQueue.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!item) return null;
      await tx
        .update(serverQueue)
        .set({ status: 'building', attempts: item.attempts + 1, updatedAt: new Date() })
        .where(eq(serverQueue.id, item.id));
      return { ...item, attempts: item.attempts + 1 };
    });
  }

  private async build(item: Item): Promise<void> {
    try {
      const provider = await this.panel.get();
      const [owner] = await this.db.select().from(users).where(eq(users.id, item.userId));
      const [egg] = await this.db.select().from(eggs).where(eq(eggs.id, item.eggId));
      const [location] = await this.db.select().from(locations).where(eq(locations.id, item.locationId));
      if (!owner || !egg || !location) throw new PermanentFailure('The member, egg or location no longer exists');
      if (!egg.panelEggId)
        throw new PermanentFailure(`The egg "${egg.name}" is not linked to the panel; import it first`);

      const ownerPanelId = await this.ensurePanelUser(provider, item.id, owner);
      let server = await provider.findServerByExternalId(item.id);
      if (server)
        await this.note(
          item.id,
          'info',
          `The panel already has server ${server.panelId} for this request (a retry): adopting it`,
        );
      else {
        server = await provider.createServer({
          externalId: item.id,
          name: item.name,
          description: item.description,
          ownerPanelId,
          egg: {
            panelId: egg.panelEggId,
            dockerImage: egg.dockerImage,
            startup: egg.startup,
            environment: Object.fromEntries(egg.variables.map((v) => [v.env, v.default_value])),
          },
          panelLocationId: location.panelLocationId,
          resources: item,
        });
        await this.note(item.id, 'info', `Created server ${server.panelId} (${server.identifier}) on the panel`);
      }
      const built = server;
      const expiresAt = this.settings.bool('server_renew_enabled')
        ? new Date(Date.now() + this.settings.number('server_renew_days') * 86_400_000)
        : null;
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(servers)
          .values({
            ownerId: owner.id,
            name: item.name,
            description: item.description,
            locationId: location.id,
            eggId: egg.id,
            memory: item.memory,
            cpu: item.cpu,
            disk: item.disk,
            ports: item.ports,
            databases: item.databases,
            backups: item.backups,
            panelServerId: built.panelId,
            panelIdentifier: built.identifier,
            status: built.status,
            expiresAt,
          })
          .onConflictDoNothing({ target: servers.panelServerId })
          .returning({ id: servers.id });
        // A new server (not a retry that adopted one) tells its owner, with the build.
        if (row)
          await enqueueTemplateMail(tx as unknown as Db, this.settings, {
            to: owner.email,
            template: 'server_created',
            vars: { username: owner.username, server_name: item.name, server_url: this.serverUrl(built.identifier) },
          });
        await tx
          .update(serverQueue)
          .set({ status: 'completed', serverId: row?.id ?? null, lastError: null, updatedAt: new Date() })
          .where(eq(serverQueue.id, item.id));
      });
      await this.note(item.id, 'info', 'Completed');
      // A first server makes a referred member active: their referral pays (once) now.
      await settleReferral(this.db, this.settings, owner.id).catch((err) =>
        this.log.error({ err }, 'settling a referral failed'),
      );
    } catch (err) {
      await this.fail(item, err);
    }
  }

  /** Where the owner manages the server: the game panel's page when its address is known, else the dashboard. */
  private serverUrl(identifier: string): string {
    const panel = this.settings.string('pterodactyl_base_url').replace(/\/+$/, '');
    return panel ? `${panel}/server/${identifier}` : `${mailGlobals(this.settings).app_url}/dashboard`;
  }

  /** The member's panel account: linked by external id, else created; never an existing account taken over. */
  private async ensurePanelUser(provider: HostingProvider, itemId: string, owner: UserRow): Promise<number> {
    let panelId = await provider.findMember(owner.id);
    if (panelId === null) {
      try {
        panelId = await provider.createMember({
          id: owner.id,
          username: owner.username,
          email: owner.email,
          firstName: owner.firstName,
          lastName: owner.lastName,
        });
      } catch (err) {
        throw err instanceof PanelAccountConflict ? new PermanentFailure(err.message) : err;
      }
      await this.note(itemId, 'info', `Linked panel account ${panelId} to ${owner.username}`);
    }
    if (owner.panelUserId !== panelId)
      await this.db.update(users).set({ panelUserId: panelId }).where(eq(users.id, owner.id));
    return panelId;
  }

  private async fail(item: Item, err: unknown): Promise<void> {
    const transient = err instanceof PanelError ? err.transient : !(err instanceof PermanentFailure);
    const message = err instanceof Error ? err.message : String(err);
    const retry = transient && item.attempts < this.maxAttempts;
    const delayS = Math.min(3600, 2 ** item.attempts * 10);
    await this.db
      .update(serverQueue)
      .set({
        status: retry ? 'pending' : 'failed',
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + delayS * 1000),
        updatedAt: new Date(),
      })
      .where(eq(serverQueue.id, item.id));
    await this.note(
      item.id,
      retry ? 'warn' : 'error',
      retry ? `Attempt ${item.attempts} failed (${message}); retrying in ${delayS} s` : `Failed: ${message}`,
    );
  }

  private async note(queueId: string, level: 'info' | 'warn' | 'error', message: string): Promise<void> {
    await this.db.insert(serverQueueLogs).values({ queueId, level, message });
  }
}
