import { SERVER_RESOURCE_KEYS } from '@hostdeck/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { serverQueue, serverQueueLogs, servers, users } from '../db/schema/index.ts';
import type { HostingProvider, HostingServer } from '../integrations/hosting/provider.ts';
import { settleReferral } from '../modules/referrals/referrals.service.ts';
import { freeResources } from '../modules/servers/requests.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { leaseLapsed, type QueueItem, recordBuiltServer } from './server-queue.record.ts';

export interface ReconcileDeps {
  db: Db;
  settings: SettingsService;
  log: FastifyBaseLogger;
  leaseMs: number;
}

const QUEUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * The panel's side of the queue: servers whose external id is a queue item's id and that have no
 * record for this panel (a creation the panel committed after every attempt had given up, a record
 * lost in a crash) are adopted when their request is still open (pending, failed, or building with a
 * lapsed lease) and its member still exists; the others are reported once to staff. Costs one
 * paginated list of the panel's servers and two indexed reads.
 */
export async function reconcileWithPanel(deps: ReconcileDeps, provider: HostingProvider, panelKey: string) {
  const tagged = (await provider.listServers()).filter((s) => s.externalId !== null && QUEUE_ID.test(s.externalId));
  const recorded = new Set<number>();
  for (const part of chunks(tagged.map((s) => s.panelId)))
    for (const r of await deps.db
      .select({ id: servers.panelServerId })
      .from(servers)
      .where(and(eq(servers.panelKey, panelKey), inArray(servers.panelServerId, part))))
      if (r.id !== null) recorded.add(r.id);
  const unrecorded = tagged.filter((s) => !recorded.has(s.panelId));
  const items = new Map<string, QueueItem>();
  for (const part of chunks(unrecorded.map((s) => s.externalId as string)))
    for (const item of await deps.db.select().from(serverQueue).where(inArray(serverQueue.id, part)))
      items.set(item.id, item);
  for (const server of unrecorded) {
    const item = items.get(server.externalId as string);
    // Not one of ours (another tool's id), or a request staff removed: nothing here says whose it is.
    if (item) await adoptOrReport(deps, server, item.id, panelKey);
  }
}

type Outcome = { adopted: true; ownerId: string } | { adopted: false; reason: string } | null;

async function adoptOrReport(deps: ReconcileDeps, server: HostingServer, itemId: string, panelKey: string) {
  const outcome = await deps.db.transaction(async (txRaw): Promise<Outcome> => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select({ item: serverQueue, lapsed: leaseLapsed(deps.leaseMs) })
      .from(serverQueue)
      .where(eq(serverQueue.id, itemId))
      .for('update', { skipLocked: true });
    // Locked by a worker claiming it, or held by a live build: that build finds the server by external id.
    if (!row || (row.item.status === 'building' && !row.lapsed)) return null;
    const { item } = row;
    if (item.status === 'completed') return { adopted: false, reason: 'the request was completed with another server' };
    const [owner] = await tx.select().from(users).where(eq(users.id, item.userId)).for('update');
    if (!owner || owner.deletedAt) return { adopted: false, reason: 'its member no longer exists' };
    // A failed request released what it reserved: adopting it takes the member's resources again,
    // so it must fit in what is free now, as a new request would (pending and building ones still hold theirs).
    if (item.status === 'failed') {
      const free = await freeResources(tx, owner);
      if (free.servers < 1 || SERVER_RESOURCE_KEYS.some((k) => item[k] > free[k]))
        return { adopted: false, reason: "the member's limits are now taken by other servers or requests" };
    }
    await recordBuiltServer(tx, deps.settings, item, owner, server, panelKey);
    return { adopted: true, ownerId: owner.id };
  });
  if (!outcome) return;
  if (outcome.adopted) {
    deps.log.info(
      { queueId: itemId, panelServerId: server.panelId },
      'server queue: adopted a server found on the panel',
    );
    await deps.db
      .insert(serverQueueLogs)
      .values({ queueId: itemId, level: 'info', message: `Adopted server ${server.panelId} found on the panel` });
    await settleReferral(deps.db, deps.settings, outcome.ownerId).catch((err) =>
      deps.log.error({ err }, 'settling a referral failed'),
    );
    return;
  }
  const message = `Server ${server.panelId} on the panel carries this request's id but was not adopted: ${outcome.reason}; staff must delete it on the panel or record it`;
  // Reported once: the pass runs every few minutes and the server stays until staff act.
  const [seen] = await deps.db
    .select({ id: serverQueueLogs.id })
    .from(serverQueueLogs)
    .where(and(eq(serverQueueLogs.queueId, itemId), eq(serverQueueLogs.message, message)))
    .limit(1);
  if (seen) return;
  deps.log.warn(
    { queueId: itemId, panelServerId: server.panelId, reason: outcome.reason },
    'server queue: a server on the panel carries a request id and cannot be adopted',
  );
  await deps.db.insert(serverQueueLogs).values({ queueId: itemId, level: 'warn', message });
}
