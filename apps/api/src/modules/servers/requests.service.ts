import {
  type FreeResources,
  hasPermission,
  SERVER_RESOURCE_KEYS as keys,
  type QueueItem,
  type ServerOptions,
  type ServerRequest,
} from '@hostdeck/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberRead } from '../../db/prepared.ts';
import {
  eggCategories,
  eggs,
  locations,
  roles,
  serverQueue,
  serverQueueLogs,
  servers,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentableQueueError } from '../../workers/server-queue.failure.ts';
import { leaseLapsed } from '../../workers/server-queue.record.ts';
import type { CatalogCache } from '../catalog/catalog.cache.ts';
import type { SettingsService } from '../settings/settings.service.ts';

const OPEN = ['pending', 'building'] as const;

export function presentQueueItem(q: typeof serverQueue.$inferSelect): QueueItem {
  return {
    id: q.id,
    user_id: q.userId,
    name: q.name,
    description: q.description,
    location_id: q.locationId,
    egg_id: q.eggId,
    memory: q.memory,
    cpu: q.cpu,
    disk: q.disk,
    ports: q.ports,
    databases: q.databases,
    backups: q.backups,
    status: q.status,
    attempts: q.attempts,
    // Only the queue's safe `CODE: sentence` text; an older raw error reads as an unexpected one.
    last_error: presentableQueueError(q.lastError),
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

const sums = (table: typeof servers | typeof serverQueue) =>
  sql<unknown>`json_build_object('memory', coalesce(sum(${table.memory}),0), 'cpu', coalesce(sum(${table.cpu}),0), 'disk', coalesce(sum(${table.disk}),0), 'ports', coalesce(sum(${table.ports}),0), 'databases', coalesce(sum(${table.databases}),0), 'backups', coalesce(sum(${table.backups}),0), 'count', count(*))`;
/** Both sums in one statement (PGlite runs one query at a time, so every round trip counts), built once. */
const usedBy = (db: Db) =>
  db
    .select({
      owned: sql<unknown>`(select ${sums(servers)} from ${servers} where ${eq(servers.ownerId, sql.placeholder('userId'))})`,
      queued: sql<unknown>`(select ${sums(serverQueue)} from ${serverQueue} where ${and(eq(serverQueue.userId, sql.placeholder('userId')), inArray(serverQueue.status, [...OPEN]))})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('');

/** Limits minus the member's servers and open requests (pending or building). */
export async function freeResources(db: Db, user: UserRow): Promise<FreeResources> {
  const [row] = await memberRead(db, user.id, usedBy, { userId: user.id });
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, number>;
  const totals = [parse(row?.owned), parse(row?.queued)];
  const used = (k: string) => totals.reduce((sum, t) => sum + Number(t[k] ?? 0), 0);
  return {
    memory: user.memoryLimit - used('memory'),
    cpu: user.cpuLimit - used('cpu'),
    disk: user.diskLimit - used('disk'),
    ports: user.allocationLimit - used('ports'),
    databases: user.databaseLimit - used('databases'),
    backups: user.backupLimit - used('backups'),
    servers: user.serverLimit - used('count'),
  };
}

type Room = Pick<ServerRequest, (typeof keys)[number]>;
type LocationRow = typeof locations.$inferSelect;

/**
 * Whether a request fits: the location has a free slot, the member a free server slot and the
 * resources. Run in the transaction that holds the member's and the location's rows (in that order),
 * before the request is queued or a failed one is queued again; it counts the open requests, which
 * hold their resources.
 */
async function assertRoom(tx: Db, user: UserRow, location: LocationRow, want: Room, forStaff: boolean) {
  if (location.slots !== null) {
    // The location's servers are counted by triggers (locations.server_count); its open requests are
    // few and found through the queue's status index.
    const [queuedThere] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(serverQueue)
      .where(and(eq(serverQueue.locationId, location.id), inArray(serverQueue.status, [...OPEN])));
    if (location.serverCount + Number(queuedThere?.n) >= location.slots)
      throw new AppError('LOCATION_FULL', 'This location is full; pick another', { location_id: 'Full' });
  }
  const free = await freeResources(tx, user);
  if (free.servers < 1)
    throw new AppError(
      'NO_SERVER_SLOT',
      forStaff ? 'The member has no free server slot' : 'You have no free server slot',
    );
  const short = Object.fromEntries(
    keys.filter((k) => want[k] > free[k]).map((k) => [k, `Only ${Math.max(0, free[k])} left`]),
  );
  if (Object.keys(short).length > 0)
    throw new AppError(
      'INSUFFICIENT_RESOURCES',
      forStaff
        ? 'The member does not have enough free resources for this server'
        : 'You do not have enough free resources for this server',
      short,
    );
}

/**
 * The place and the kind of server a request asks for, as they stand now: the location online, the
 * egg and its category enabled and linked to a panel egg, VIP for VIP ones. `forStaff` words the
 * unlinked egg for staff, who can fix it. Answers both, the location known to be there.
 */
async function assertAvailable(
  tx: Db,
  location: LocationRow | undefined,
  eggId: number,
  vip: boolean,
  forStaff: boolean,
): Promise<{ location: LocationRow; egg: typeof eggs.$inferSelect }> {
  if (location?.status !== 'online') {
    throw new AppError('LOCATION_UNAVAILABLE', 'This location is not available', {
      location_id: 'This location is not available',
    });
  }
  if (location.vip && !vip)
    throw new AppError('VIP_ONLY', 'This location is for VIP members', { location_id: 'VIP only' });
  const [egg] = await tx
    .select({ egg: eggs, categoryEnabled: eggCategories.enabled })
    .from(eggs)
    .innerJoin(eggCategories, eq(eggs.categoryId, eggCategories.id))
    .where(eq(eggs.id, eggId));
  if (!egg?.egg.enabled || !egg.categoryEnabled)
    throw new AppError('EGG_UNAVAILABLE', 'This server type is not available', {
      egg_id: 'This server type is not available',
    });
  // An egg made by hand and never linked to one of the panel's eggs cannot be built: refused here
  // rather than queued to fail in the worker. Staff are told what to do about it.
  if (egg.egg.panelEggId === null) {
    const message = forStaff
      ? 'This server type is not linked to a panel egg; import the eggs or set its panel egg first'
      : 'This server type is not available';
    throw new AppError('EGG_UNAVAILABLE', message, { egg_id: message });
  }
  if (egg.egg.vip && !vip)
    throw new AppError('VIP_ONLY', 'This server type is for VIP members', { egg_id: 'VIP only' });
  return { location, egg: egg.egg };
}

/**
 * Queues an item again for staff: one whose build stopped (its worker's lease lapsed; it still holds
 * its resources), or a failed one if it still fits — a failed request gave its resources and its
 * location slot back, and the member may have used them since (locked as `requestServer` locks).
 * Null when the item is neither (a live build, a pending or completed one).
 */
export async function requeue(db: Db, id: string): Promise<typeof serverQueue.$inferSelect | null> {
  const again = () => ({
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: new Date(),
    leaseUntil: null,
    leasedBy: null,
    updatedAt: new Date(),
  });
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [stopped] = await tx
      .update(serverQueue)
      .set(again())
      .where(and(eq(serverQueue.id, id), eq(serverQueue.status, 'building'), leaseLapsed()))
      .returning();
    if (stopped) return stopped;
    const [found] = await tx.select().from(serverQueue).where(eq(serverQueue.id, id));
    if (found?.status !== 'failed') return null;
    const [user] = await tx.select().from(users).where(eq(users.id, found.userId)).for('update');
    const [location] = await tx.select().from(locations).where(eq(locations.id, found.locationId)).for('update');
    const [item] = await tx.select().from(serverQueue).where(eq(serverQueue.id, id)).for('update');
    if (item?.status !== 'failed' || !user || !location) return null;
    // The place and kind as they stand now (a location in maintenance, an egg switched off, VIP
    // since), by the member's own permissions, as a new request would be checked.
    const [role] = await tx.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, user.roleId));
    const vip = hasPermission(role?.permissions ?? [], 'user.permission.vip');
    await assertAvailable(tx, location, item.eggId, vip, true);
    await assertRoom(tx, user, location, item, true);
    const [queued] = await tx.update(serverQueue).set(again()).where(eq(serverQueue.id, id)).returning();
    return queued ?? null;
  });
}

/**
 * Checks a create request and reserves its resources by queueing it, in one transaction that first
 * locks the member's row: parallel requests queue one after another, so limits can never be exceeded.
 */
export async function requestServer(
  db: Db,
  settings: SettingsService,
  panel: Pick<PanelService, 'configured'>,
  actor: Actor,
  body: ServerRequest,
  /** The administrator who queued it for the member, when it was not the member. */
  queuedBy?: string,
): Promise<QueueItem> {
  if (!settings.bool('allow_servers'))
    throw new AppError('FEATURE_DISABLED', 'Creating servers is switched off on this panel');
  // Nothing would ever build it: refused rather than reserved and left waiting.
  if (!panel.configured())
    throw new AppError('PANEL_NOT_CONFIGURED', 'No game panel is connected yet, so servers cannot be created');
  const vip = hasPermission(actor.permissions, 'user.permission.vip');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [user] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
    if (!user) throw new AppError('UNAUTHORIZED', 'Please log in');

    // Locked (after the member's row, the order a server insert takes them in): two members asking for
    // the last slot of a location at once are served one after the other, so slots are never exceeded.
    const [found] = await tx.select().from(locations).where(eq(locations.id, body.location_id)).for('update');
    const { location, egg } = await assertAvailable(tx, found, body.egg_id, vip, Boolean(queuedBy));

    await assertRoom(tx, user, location, body, Boolean(queuedBy));

    const [item] = await tx
      .insert(serverQueue)
      .values({
        userId: user.id,
        name: body.name,
        description: body.description,
        locationId: location.id,
        eggId: egg.id,
        ...Object.fromEntries(keys.map((k) => [k, body[k]])),
      } as typeof serverQueue.$inferInsert)
      .returning();
    if (!item) throw new Error('Queue insert returned nothing');
    await tx.insert(serverQueueLogs).values({
      queueId: item.id,
      level: 'info',
      message: `Queued ${queuedBy ? `by ${queuedBy} for ${user.username}` : `by ${user.username}`}: ${egg.name} in ${location.name}`,
    });
    return presentQueueItem(item);
  });
}

const USAGE_TTL_MS = 5_000;
const usageCache = new WeakMap<Db, { at: number; usage: Promise<Map<number, number>> }>();

/**
 * Servers and open requests per location, for the create page: the triggers' count per location plus
 * the open requests (few, through the queue's status index): two small reads whatever the number of
 * servers. Kept for a few seconds, so the page costs no query for it; the slot rule itself is checked
 * exactly, in the request's transaction.
 */
function locationUsage(db: Db): Promise<Map<number, number>> {
  const hit = usageCache.get(db);
  if (hit && Date.now() - hit.at < USAGE_TTL_MS) return hit.usage;
  const usage = Promise.all([
    db.select({ id: locations.id, n: locations.serverCount }).from(locations),
    db
      .select({ id: serverQueue.locationId, n: count() })
      .from(serverQueue)
      .where(inArray(serverQueue.status, [...OPEN]))
      .groupBy(serverQueue.locationId),
  ]).then(([built, queued]) => {
    const used = new Map<number, number>();
    for (const r of [...built, ...queued]) used.set(r.id, (used.get(r.id) ?? 0) + Number(r.n));
    return used;
  });
  usageCache.set(db, { at: Date.now(), usage });
  usage.catch(() => usageCache.delete(db));
  return usage;
}

/**
 * What the create page offers the member: online locations with their slot use, enabled categories and
 * eggs (from the catalogue in memory), and the member's free resources (one indexed read).
 */
export async function serverOptions(
  db: Db,
  catalog: CatalogCache,
  settings: SettingsService,
  actor: Actor,
  user: UserRow,
): Promise<Omit<ServerOptions, 'panel'>> {
  const [{ locations: allLocations, categories: allCategories, eggs: allEggs }, used, free] = await Promise.all([
    catalog.get(),
    locationUsage(db),
    freeResources(db, user),
  ]);
  const categories = allCategories.filter((c) => c.enabled);
  const categoryIds = new Set(categories.map((c) => c.id));
  return {
    success: true,
    enabled: settings.bool('allow_servers'),
    vip: hasPermission(actor.permissions, 'user.permission.vip'),
    free,
    locations: allLocations
      .filter((l) => l.status === 'online')
      .map((l) => ({
        id: l.id,
        name: l.name,
        description: l.description,
        icon: l.icon,
        vip: l.vip,
        slots: l.slots,
        used: used.get(l.id) ?? 0,
      })),
    categories: categories.map((c) => ({ id: c.id, name: c.name, description: c.description, icon: c.icon })),
    eggs: allEggs
      .filter((e) => e.enabled && e.panelEggId !== null && categoryIds.has(e.categoryId))
      .map((e) => ({
        id: e.id,
        category_id: e.categoryId,
        name: e.name,
        description: e.description,
        icon: e.icon,
        vip: e.vip,
      })),
  };
}
