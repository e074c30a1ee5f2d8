import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { eggs, locations, serverQueue, serverQueueLogs, users, workerHeartbeats } from '../db/schema/index.ts';
import type { PanelService } from '../integrations/hosting/panel.service.ts';
import { settleReferral } from '../modules/referrals/referrals.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { PeriodicWorker } from './periodic-worker.ts';
import { describeFailure, PermanentFailure } from './server-queue.failure.ts';
import { ensurePanelUser, findOrCreateServer, type Note } from './server-queue.panel-steps.ts';
import { reconcileWithPanel } from './server-queue.reconcile.ts';
import { type QueueItem as Item, leaseLapsed, QUEUE_LEASE_MS, recordBuiltServer } from './server-queue.record.ts';

export interface ServerQueueOptions {
  /** Attempts before a transient fault fails the item for good. */
  maxAttempts?: number;
  /** How long a claimed item stays this worker's without a renewal; renewed every quarter of it while building. */
  leaseMs?: number;
  /** Items built at once by this instance (each claimed with its own row lock). */
  concurrency?: number;
  /** How often this instance compares the panel's servers with the records (one paginated list). */
  reconcileEveryMs?: number;
}

/** The longest a panel's Retry-After may push an attempt back (its throttle speaks in seconds). */
const MAX_DELAY_MS = 3_600_000;
const WORKER = 'server-queue';
const since = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Builds queued servers on the panel. Safe with several instances: an item is claimed with FOR UPDATE
 * SKIP LOCKED and a lease, which its worker renews while it builds; any instance takes back an item
 * whose lease lapsed. The queue item id is the panel server's external id, so a retry after a crash, a
 * timeout or a late commit adopts the server it already made, and a periodic pass over the panel's
 * servers adopts (or reports) any the builds never recorded.
 */
export class ServerQueueWorker extends PeriodicWorker<number> {
  private lastReconcile = 0;
  /** Names this worker in leases and heartbeats (host and process, for staff reading the queue). */
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly reconcileEveryMs: number;

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly settings: SettingsService,
    log: FastifyBaseLogger,
    options: ServerQueueOptions = {},
  ) {
    super(WORKER, log, 3000);
    this.maxAttempts = options.maxAttempts ?? 6;
    this.leaseMs = options.leaseMs ?? QUEUE_LEASE_MS;
    this.concurrency = options.concurrency ?? 4;
    this.reconcileEveryMs = options.reconcileEveryMs ?? 5 * 60_000;
  }

  /** Adopts panel servers that carry a queue item's id and have no record (see server-queue.reconcile.ts). */
  async reconcile(): Promise<void> {
    const panelKey = this.panel.key();
    if (!panelKey) return;
    // Orphans come from attempts that went wrong (timeouts, crashes, late commits), within minutes of
    // them: with none in the last day, the panel is not read at all (its list costs a request per 100 servers).
    const [troubled] = await this.db
      .select({ id: serverQueue.id })
      .from(serverQueue)
      .where(
        and(
          ne(serverQueue.status, 'completed'),
          gt(serverQueue.attempts, 0),
          gt(serverQueue.updatedAt, sql`now() - interval '1 day'`),
        ),
      )
      .limit(1);
    if (!troubled) return;
    const deps = { db: this.db, settings: this.settings, log: this.log, leaseMs: this.leaseMs };
    await reconcileWithPanel(deps, await this.panel.get(), panelKey);
  }

  /**
   * One pass (runOnce): builds every due item and resolves with how many were handled. After stop(),
   * it finishes the builds in hand (their leases released or the items completed) and claims no more,
   * so no item waits for its lease to lapse on another instance.
   */
  protected async work(): Promise<number> {
    await this.db
      .insert(workerHeartbeats)
      .values({ name: 'server-queue', instance: this.instance })
      .onConflictDoUpdate({ target: workerHeartbeats.name, set: { instance: this.instance, beatAt: new Date() } });
    if (!this.panel.configured()) return 0;
    await this.reclaimLapsed();
    let done = 0;
    const loop = async () => {
      while (!this.stopping) {
        const item = await this.claim();
        if (!item) return;
        await this.buildLeased(item);
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, loop));
    // After the builds, so members' servers are not kept waiting behind a read of the whole panel.
    if (!this.stopping && Date.now() - this.lastReconcile >= this.reconcileEveryMs) {
      this.lastReconcile = Date.now();
      await this.reconcile().catch((err) => this.log.warn({ err }, 'server queue: reconciling with the panel failed'));
    }
    return done;
  }

  private async reclaimLapsed(): Promise<void> {
    const lapsed = await this.db
      .update(serverQueue)
      .set({ status: 'pending', leaseUntil: null, leasedBy: null, updatedAt: new Date() })
      .where(and(eq(serverQueue.status, 'building'), leaseLapsed(this.leaseMs)))
      .returning({ id: serverQueue.id });
    for (const s of lapsed) {
      this.log.warn({ queueId: s.id }, 'server queue: took back a build whose worker stopped');
      await this.note(s.id, 'warn', 'Taken back after the worker building it stopped (its lease lapsed)');
    }
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
      const [claimed] = await tx
        .update(serverQueue)
        .set({
          status: 'building',
          attempts: item.attempts + 1,
          leaseUntil: since(this.leaseMs),
          leasedBy: this.instance,
          updatedAt: new Date(),
        })
        .where(eq(serverQueue.id, item.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** Builds while renewing the item's lease, so no other instance takes it back while this one works. */
  private async buildLeased(item: Item): Promise<void> {
    const renew = async () => {
      const [held] = await this.db
        .update(serverQueue)
        .set({ leaseUntil: since(this.leaseMs) })
        .where(this.mine(item.id))
        .returning({ id: serverQueue.id });
      if (held) return;
      // Not renewed: the build has just ended, or another instance took it over (this one stalled past its lease).
      const [now] = await this.db.select().from(serverQueue).where(eq(serverQueue.id, item.id));
      if (now?.status === 'building' && now.leasedBy !== this.instance)
        this.log.warn({ queueId: item.id, holder: now.leasedBy }, 'server queue: another worker took over a build');
    };
    const timer = setInterval(
      () => void renew().catch((err) => this.log.warn({ err, queueId: item.id }, 'server queue: lease renewal failed')),
      Math.max(10, Math.floor(this.leaseMs / 4)),
    );
    try {
      await this.build(item);
    } finally {
      clearInterval(timer);
    }
  }

  /** The item is still this worker's build. */
  private mine(itemId: string) {
    return and(eq(serverQueue.id, itemId), eq(serverQueue.status, 'building'), eq(serverQueue.leasedBy, this.instance));
  }

  private async build(item: Item): Promise<void> {
    try {
      const provider = await this.panel.get();
      const panelKey = this.panel.key();
      if (!panelKey) throw new PermanentFailure('No game panel is configured');
      const [owner] = await this.db.select().from(users).where(eq(users.id, item.userId));
      const [egg] = await this.db.select().from(eggs).where(eq(eggs.id, item.eggId));
      const [location] = await this.db.select().from(locations).where(eq(locations.id, item.locationId));
      if (!owner || !egg || !location) throw new PermanentFailure('The member, egg or location no longer exists');
      if (!egg.panelEggId)
        throw new PermanentFailure(`The egg "${egg.name}" is not linked to the panel; import it first`);

      const note: Note = (level, message) => this.note(item.id, level, message);
      const ownerPanelId = await ensurePanelUser(this.db, provider, panelKey, owner, note);
      const built = await findOrCreateServer(
        provider,
        item,
        () =>
          provider.createServer({
            externalId: item.id,
            name: item.name,
            description: item.description,
            ownerPanelId,
            egg: {
              panelId: egg.panelEggId as number,
              dockerImage: egg.dockerImage,
              startup: egg.startup,
              environment: Object.fromEntries(egg.variables.map((v) => [v.env, v.default_value])),
            },
            placement: { panelLocationId: location.panelLocationId, nodeTags: location.panelNodeTags },
            resources: item,
          }),
        note,
      );
      const recorded = await this.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [held] = await tx
          .select({ id: serverQueue.id })
          .from(serverQueue)
          .where(this.mine(item.id))
          .for('update');
        if (!held) return false;
        await recordBuiltServer(tx, this.settings, item, owner, built, panelKey);
        return true;
      });
      if (!recorded) {
        await this.note(item.id, 'warn', 'Another worker took this build over after its lease lapsed; it records it');
        return;
      }
      await this.note(item.id, 'info', 'Completed');
      // A first server makes a referred member active: their referral pays (once) now.
      await settleReferral(this.db, this.settings, owner.id).catch((err) =>
        this.log.error({ err }, 'settling a referral failed'),
      );
    } catch (err) {
      await this.fail(item, err);
    }
  }

  /** Every failed attempt is logged for staff with the raw error; the item and its log get only the safe text. */
  private async fail(item: Item, err: unknown): Promise<void> {
    this.meter.fail(WORKER);
    const failure = describeFailure(err);
    const retry = failure.transient && item.attempts < this.maxAttempts;
    const backoffMs = Math.min(3600, 2 ** item.attempts * 10) * 1000;
    const delayMs = Math.max(backoffMs, Math.min(failure.retryAfterMs ?? 0, MAX_DELAY_MS));
    const context = { err, queueId: item.id, code: failure.code, attempt: item.attempts };
    if (retry) this.log.warn({ ...context, retryInMs: delayMs }, 'server queue: build attempt failed, will retry');
    else this.log.error(context, 'server queue: build failed');
    const [updated] = await this.db
      .update(serverQueue)
      .set({
        status: retry ? 'pending' : 'failed',
        lastError: failure.text,
        nextAttemptAt: new Date(Date.now() + delayMs),
        leaseUntil: null,
        leasedBy: null,
        updatedAt: new Date(),
      })
      .where(this.mine(item.id))
      .returning({ id: serverQueue.id });
    if (!updated) return; // another worker holds it now
    await this.note(
      item.id,
      retry ? 'warn' : 'error',
      retry
        ? `Attempt ${item.attempts} failed (${failure.text}); retrying in ${Math.round(delayMs / 1000)} s`
        : `Failed: ${failure.text}`,
    );
  }

  private async note(queueId: string, level: 'info' | 'warn' | 'error', message: string): Promise<void> {
    await this.db.insert(serverQueueLogs).values({ queueId, level, message });
  }
}
