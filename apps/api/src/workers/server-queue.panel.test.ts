import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, TestClient } from '../../test/client.ts';
import { panelSimulator } from '../../test/panel-flavour.ts';
import { capturedLog, panelAt } from '../../test/queue-helpers.ts';
import { type PanelWorld, simulatedPanelApp } from '../../test/servers.ts';
import { mailOutbox, serverQueue, serverQueueLogs, servers, users } from '../db/schema/index.ts';
import { panelKeyFor } from '../integrations/hosting/panel-key.ts';
import { type ServerQueueOptions, ServerQueueWorker } from './server-queue.worker.ts';

// The panel misbehaving as real ones do: commits that land after the caller gave up, rate limits.
let w: PanelWorld;
beforeAll(async () => {
  w = await simulatedPanelApp();
});
afterAll(() => w.close());

const never = Number.POSITIVE_INFINITY;
const item = async (id: string) => (await w.t.database.db.select().from(serverQueue).where(eq(serverQueue.id, id)))[0]!;
const logs = async (id: string) =>
  (await w.t.database.db.select().from(serverQueueLogs).where(eq(serverQueueLogs.queueId, id))).map((l) => l.message);
const onPanel = (id: string) => w.sim.state.servers.filter((s) => s.external_id === id);
const due = (id: string) =>
  w.t.database.db
    .update(serverQueue)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(serverQueue.id, id));

async function request() {
  const client = new TestClient(w.t.app);
  await client.post('/api/user/auth/register', newMember());
  const res = await client.post('/api/servers/requests', w.request());
  expect(res.statusCode).toBe(201);
  return { client, ...(res.json().data as { id: string; user_id: string }) };
}

/** A worker whose panel calls give up after 300 ms, as a real one does after its timeout. */
function impatientWorker(options: ServerQueueOptions = {}, sim = w.sim, timeoutMs = 300) {
  const { log, lines } = capturedLog();
  const worker = new ServerQueueWorker(w.t.database.db, panelAt(sim, timeoutMs), w.t.app.ctx.settings, log, {
    reconcileEveryMs: never,
    ...options,
  });
  return { worker, lines };
}

/** Attempts that time out while the panel holds the create; the held create then commits. */
async function orphaned(options: ServerQueueOptions = {}) {
  const q = await request();
  const { worker } = impatientWorker(options);
  const held = w.sim.holdNextServerCreate();
  await worker.runOnce();
  await held.commit();
  expect(onPanel(q.id)).toHaveLength(1);
  return { q, worker };
}

describe('a creation the panel commits late', () => {
  it('is adopted by its external id when the retry’s own create is refused as taken', async () => {
    const q = await request();
    const { worker } = impatientWorker();
    const held = w.sim.holdNextServerCreate();
    await worker.runOnce(); // the create is held past the timeout
    expect(await item(q.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await item(q.id)).lastError).toMatch(/^PANEL_UNREACHABLE: /);
    // The retry looks it up (404: not committed yet), then the held create lands before the retry's own.
    let lookups = 0;
    w.sim.options.beforeAnswer = (method, path, status) => {
      if (method === 'GET' && path.endsWith(`/servers/external/${q.id}`) && status === 404 && ++lookups === 1)
        void held.commit();
    };
    await due(q.id);
    try {
      await worker.runOnce();
    } finally {
      w.sim.options.beforeAnswer = undefined;
    }
    expect(await item(q.id)).toMatchObject({ status: 'completed', attempts: 2, lastError: null });
    expect(onPanel(q.id)).toHaveLength(1);
    const [row] = await w.t.database.db.select().from(servers).where(eq(servers.externalId, q.id));
    expect(row).toMatchObject({ panelServerId: onPanel(q.id)[0]!.id, panelKey: panelKeyFor(w.sim.url) });
    expect((await logs(q.id)).join('\n')).toMatch(/committed an earlier attempt late: adopting server/);
  });
});

describe('the periodic pass over the panel’s servers', () => {
  it('adopts a server of a failed or pending request whose member has room, once, and tells the member', async () => {
    const failed = await orphaned({ maxAttempts: 1 });
    expect(await item(failed.q.id)).toMatchObject({ status: 'failed' });
    const pending = await orphaned();
    expect(await item(pending.q.id)).toMatchObject({ status: 'pending' });
    const { worker } = impatientWorker();
    await worker.reconcile();
    for (const { q } of [failed, pending]) {
      const adopted = await item(q.id);
      expect(adopted).toMatchObject({ status: 'completed', lastError: null });
      const [row] = await w.t.database.db.select().from(servers).where(eq(servers.id, adopted.serverId!));
      expect(row).toMatchObject({ ownerId: q.user_id, panelServerId: onPanel(q.id)[0]!.id, externalId: q.id });
      expect(await logs(q.id)).toContain(`Adopted server ${onPanel(q.id)[0]!.id} found on the panel`);
      expect((await q.client.get('/api/servers')).json().data).toHaveLength(1);
      const [owner] = await w.t.database.db.select().from(users).where(eq(users.id, q.user_id));
      const told = await w.t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, owner!.email), eq(mailOutbox.template, 'server_created')));
      expect(told).toHaveLength(1);
    }
    await worker.reconcile();
    expect(await w.t.database.db.select().from(servers).where(eq(servers.externalId, failed.q.id))).toHaveLength(1);
  });

  it('reports, once, a server it cannot adopt: the member’s room is taken again, or the member is gone', async () => {
    const full = await orphaned({ maxAttempts: 1 });
    const gone = await orphaned({ maxAttempts: 1 });
    // The failed request gave its slot back and the member used it for a new one.
    const second = await full.q.client.post('/api/servers/requests', w.request({ name: 'Second' }));
    expect(second.statusCode).toBe(201);
    await w.t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.q.user_id));
    const { worker, lines } = impatientWorker();
    await worker.reconcile();
    await worker.reconcile();
    for (const [{ q }, reason] of [
      [full, "the member's limits are now taken"],
      [gone, 'its member no longer exists'],
    ] as const) {
      expect(await item(q.id)).toMatchObject({ status: 'failed', serverId: null });
      const reports = (await logs(q.id)).filter((m) => m.includes('was not adopted'));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toContain(reason);
      expect(lines.filter((l) => l.queueId === q.id && l.level === 40)).toHaveLength(1);
    }
    expect(await w.t.database.db.select().from(servers).where(eq(servers.externalId, full.q.id))).toHaveLength(0);
    await w.root.delete(`/api/admin/server-queue/${second.json().data.id}`); // not for the tests after this one
  });
});

describe('a rate-limited panel', () => {
  it('is asked again no sooner than its Retry-After, not after the shorter fixed backoff', async () => {
    const limited = panelSimulator({ rateLimit: 3 });
    await limited.listen();
    try {
      const q = await request();
      // A patient client: on a busy machine a 300 ms timeout would fail the call as unreachable instead.
      const { worker, lines } = impatientWorker({}, limited, 10_000);
      const before = Date.now();
      await worker.runOnce(); // the fourth call of the build is refused with 429
      const after = await item(q.id);
      expect(after).toMatchObject({ status: 'pending', attempts: 1 });
      expect(after.lastError).toMatch(/^PANEL_RATE_LIMITED: /);
      // The first retry's fixed backoff is 20 s; the panel's window frees up in about a minute.
      expect(after.nextAttemptAt.getTime() - before).toBeGreaterThan(50_000);
      expect(lines.find((l) => l.queueId === q.id)).toMatchObject({ code: 'PANEL_RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});
