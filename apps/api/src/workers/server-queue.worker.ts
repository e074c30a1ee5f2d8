import { randomBytes, randomUUID } from 'node:crypto';
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
import { PterodactylProvider } from '../integrations/hosting/pterodactyl-provider.ts';
import { PanelError } from '../integrations/pterodactyl/errors.ts';

const MAX_ATTEMPTS = 6;
/** An item left "building" this long was abandoned by a crashed worker and is taken back. */
const STUCK_MS = 10 * 60_000;
type Item = typeof serverQueue.$inferSelect;

class PermanentFailure extends Error {}

/**
 * Builds queued servers on the panel. Safe with several instances: items are claimed with
 * FOR UPDATE SKIP LOCKED and marked building before any panel call; the queue item id is the panel
 * server's external id, so a retry after a crash adopts the server it already made.
 */
export class ServerQueueWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly instance = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly log: FastifyBaseLogger,
  ) {}

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
    for (;;) {
      const item = await this.claim();
      if (!item) return done;
      await this.build(item);
      done += 1;
    }
  }

  private async reclaimStuck(): Promise<void> {
    const stuck = await this.db
      .update(serverQueue)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(and(eq(serverQueue.status, 'building'), lte(serverQueue.updatedAt, new Date(Date.now() - STUCK_MS))))
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
      if (!(provider instanceof PterodactylProvider))
        throw new PermanentFailure('This panel kind cannot build servers yet');
      const client = provider.client;
      const [owner] = await this.db.select().from(users).where(eq(users.id, item.userId));
      const [egg] = await this.db.select().from(eggs).where(eq(eggs.id, item.eggId));
      const [location] = await this.db.select().from(locations).where(eq(locations.id, item.locationId));
      if (!owner || !egg || !location) throw new PermanentFailure('The member, egg or location no longer exists');
      if (!egg.panelEggId)
        throw new PermanentFailure(`The egg "${egg.name}" is not linked to the panel; import it first`);

      const panelUserId = await this.ensurePanelUser(item.id, owner);
      let server = await client.getServerByExternalId(item.id);
      if (server)
        await this.note(
          item.id,
          'info',
          `The panel already has server ${server.id} for this request (a retry): adopting it`,
        );
      else {
        server = await client.createServer({
          external_id: item.id,
          name: item.name,
          description: item.description,
          user: panelUserId,
          egg: egg.panelEggId,
          docker_image: egg.dockerImage,
          startup: egg.startup,
          environment: Object.fromEntries(egg.variables.map((v) => [v.env, v.default_value])),
          limits: { memory: item.memory, swap: 0, disk: item.disk, io: 500, cpu: item.cpu },
          feature_limits: { databases: item.databases, allocations: item.ports, backups: item.backups },
          deploy: {
            locations: location.panelLocationId ? [location.panelLocationId] : [],
            dedicated_ip: false,
            port_range: [],
          },
        });
        await this.note(item.id, 'info', `Created server ${server.id} (${server.identifier}) on the panel`);
      }
      const panelServer = server;
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
            panelServerId: panelServer.id,
            panelIdentifier: panelServer.identifier,
            status: panelServer.status ?? 'running',
          })
          .onConflictDoNothing({ target: servers.panelServerId })
          .returning({ id: servers.id });
        await tx
          .update(serverQueue)
          .set({ status: 'completed', serverId: row?.id ?? null, lastError: null, updatedAt: new Date() })
          .where(eq(serverQueue.id, item.id));
      });
      await this.note(item.id, 'info', 'Completed');
    } catch (err) {
      await this.fail(item, err);
    }
  }

  /** The member's panel account: linked by external id, created with a random password; never an existing account taken over. */
  private async ensurePanelUser(itemId: string, owner: UserRow): Promise<number> {
    const provider = (await this.panel.get()) as PterodactylProvider;
    const client = provider.client;
    const linked = await client.getUserByExternalId(owner.id);
    if (linked) return this.link(owner, linked.id);
    const sameEmail = await client.findUserByEmail(owner.email);
    if (sameEmail) {
      throw new PermanentFailure(
        `The panel already has an account with ${owner.email} that Hostdeck did not create; an administrator must link or rename it`,
      );
    }
    const created = await client.createUser({
      external_id: owner.id,
      username: `${owner.username.toLowerCase().replace(/[^a-z0-9_.-]/g, '')}_${owner.id.slice(0, 4)}`,
      email: owner.email,
      first_name: owner.firstName,
      last_name: owner.lastName,
      password: randomBytes(24).toString('base64url'),
    });
    await this.note(itemId, 'info', `Created panel account ${created.id} for ${owner.username}`);
    return this.link(owner, created.id);
  }

  private async link(owner: UserRow, panelUserId: number): Promise<number> {
    if (owner.panelUserId !== panelUserId)
      await this.db.update(users).set({ panelUserId }).where(eq(users.id, owner.id));
    return panelUserId;
  }

  private async fail(item: Item, err: unknown): Promise<void> {
    const transient = err instanceof PanelError ? err.transient : !(err instanceof PermanentFailure);
    const message = err instanceof Error ? err.message : String(err);
    const retry = transient && item.attempts < MAX_ATTEMPTS;
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
