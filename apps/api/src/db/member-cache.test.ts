import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/app.ts';
import { TestClient } from '../../test/client.ts';
import { testConfig } from '../../test/config.ts';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../test/servers.ts';
import { buildApp } from '../app.ts';
import { localBus } from '../lib/bus.ts';
import { openPostgres } from './client.ts';
import { MemberCache } from './member-cache.ts';
import { coinLedger, serverQueue, servers, users } from './schema/index.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the member cache', () => {
  const build = {};
  let loads = 0;
  const load = (value: unknown) => async () => {
    loads++;
    return value;
  };

  it('serves a member’s read from memory until that member changes, and only that member', async () => {
    const cache = new MemberCache();
    loads = 0;
    expect(await cache.read('a', build, { id: 'a' }, load(['a1']))).toEqual(['a1']);
    expect(await cache.read('a', build, { id: 'a' }, load(['a2']))).toEqual(['a1']);
    expect(await cache.read('b', build, { id: 'b' }, load(['b1']))).toEqual(['b1']);
    // Other values are another read.
    expect(await cache.read('a', build, { id: 'a', page: 2 }, load(['a-page-2']))).toEqual(['a-page-2']);
    cache.changed('a');
    expect(await cache.read('a', build, { id: 'a' }, load(['a3']))).toEqual(['a3']);
    expect(await cache.read('b', build, { id: 'b' }, load(['b2']))).toEqual(['b1']);
    cache.changed('*');
    expect(await cache.read('b', build, { id: 'b' }, load(['b3']))).toEqual(['b3']);
    expect(loads).toBe(5);
  });

  it('never keeps a read that a change overtook (it may hold the rows from before the change)', async () => {
    for (const change of ['a', '*']) {
      const cache = new MemberCache();
      const slow = deferred<string[]>();
      const pending = cache.read('a', build, {}, () => slow.promise);
      cache.changed(change);
      slow.resolve(['before the change']);
      expect(await pending).toEqual(['before the change']);
      expect(await cache.read('a', build, {}, load(['after']))).toEqual(['after']);
    }
  });

  it('lets the requests that miss together share one read, but not a read begun before a change', async () => {
    const cache = new MemberCache();
    let reads = 0;
    const slow = deferred<string>();
    const loadSlow = () => {
      reads++;
      return slow.promise;
    };
    const together = Array.from({ length: 50 }, () => cache.read('a', build, {}, loadSlow));
    expect(reads).toBe(1);
    cache.changed('a');
    const after = cache.read('a', build, {}, load('after the change'));
    slow.resolve('before the change');
    expect(new Set(await Promise.all(together))).toEqual(new Set(['before the change']));
    expect(await after).toBe('after the change');
    expect(await cache.read('a', build, {}, load('again'))).toBe('after the change');

    // A read that fails is not kept: the next one asks again.
    await expect(cache.read('b', build, {}, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('b', build, {}, load('up'))).toBe('up');
  });

  it('reads again after 30 s however quiet the member is (a change no instance heard)', async () => {
    let now = 1_000;
    const cache = new MemberCache(() => now);
    await cache.read('a', build, {}, load('first'));
    now += 29_999;
    expect(await cache.read('a', build, {}, load('second'))).toBe('first');
    now += 2;
    expect(await cache.read('a', build, {}, load('third'))).toBe('third');
  });

  it('reads the database while its bus cannot hear the other instances, and from memory again once it can', async () => {
    const cache = new MemberCache();
    const bus = localBus();
    cache.relayThrough(bus);
    await cache.read('a', build, {}, load('first'));
    expect(await cache.read('a', build, {}, load('second'))).toBe('first');
    bus.stats.listening = false; // Redis away: another instance's change would not drop the entry
    expect(await cache.read('a', build, {}, load('third'))).toBe('third');
    expect(await cache.read('a', build, {}, load('fourth'))).toBe('fourth');
    bus.stats.listening = true;
    expect(await cache.read('a', build, {}, load('fifth'))).toBe('fourth');
  });

  it('hands out frozen rows, so no request can change what the next one gets', async () => {
    const cache = new MemberCache();
    const rows = await cache.read('a', build, {}, load([{ name: 'x', at: new Date(0) }]));
    expect(() => {
      (rows as { name: string }[])[0]!.name = 'y';
    }).toThrow(TypeError);
    expect(() => (rows as unknown[]).push({})).toThrow(TypeError);
  });
});

describe('a member’s pages with the cache', () => {
  let w: PanelWorld;
  beforeAll(async () => {
    w = await simulatedPanelApp();
    await w.t.app.ctx.settings.update({ store_enabled: true });
  });
  afterAll(() => w.close());
  const cache = () => w.t.database.memberCache!;
  const db = () => w.t.database.db;

  it('come from memory on the second call, and show every write at once, whoever makes it', async () => {
    const a = await memberWithServer(w);
    const b = await memberWithServer(w);
    const get = async (path: string) => {
      const res = await a.client.get(path);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const paths = ['/api/servers', '/api/servers/requests', '/api/servers/options', '/api/store', '/api/coins/history'];
    for (const p of paths) await get(p);
    const hits = cache().hits;
    for (const p of paths) await get(p);
    // The servers list, the requests and the free sums (twice), the store's row, the history's two reads.
    expect(cache().hits - hits).toBe(7);

    // Writes straight to the tables, as a worker, the admin area or another module makes them.
    await db().update(servers).set({ name: 'Renamed' }).where(eq(servers.id, a.server.id));
    expect((await get('/api/servers')).data[0].name).toBe('Renamed');

    const queue = (await get('/api/servers/requests')).data;
    await db().update(serverQueue).set({ status: 'failed', lastError: 'by hand' }).where(eq(serverQueue.userId, a.id));
    expect((await get('/api/servers/requests')).data.map((q: { status: string }) => q.status)).toEqual(
      queue.map(() => 'failed'),
    );

    await db().update(users).set({ coins: 4321 }).where(eq(users.id, a.id));
    expect((await get('/api/store')).coins).toBe(4321);
    expect((await get('/api/coins/history')).balance).toBe(4321);

    const free = (await get('/api/servers/options')).free;
    await db()
      .update(users)
      .set({ memoryLimit: sql`${users.memoryLimit} + 100` })
      .where(eq(users.id, a.id));
    await w.t.app.ctx.sessions.invalidateUser(a.id);
    expect((await get('/api/servers/options')).free.memory).toBe(free.memory + 100);

    await db().insert(coinLedger).values({ userId: a.id, amount: 5, balanceAfter: 4326, kind: 'admin_adjustment' });
    expect((await get('/api/coins/history')).data[0]).toMatchObject({ amount: 5, balance_after: 4326 });

    // A server given to another member leaves one list and joins the other.
    const before = (await b.client.get('/api/servers')).json().data.length;
    await db().update(servers).set({ ownerId: b.id }).where(eq(servers.id, a.server.id));
    expect((await get('/api/servers')).data).toEqual([]);
    expect((await b.client.get('/api/servers')).json().data).toHaveLength(before + 1);

    await db().delete(servers).where(eq(servers.id, a.server.id));
    expect((await b.client.get('/api/servers')).json().data).toHaveLength(before);

    // A write inside a transaction shows once it commits, and not before (another connection reads).
    await get('/api/store');
    await db().transaction(async (tx) => {
      await tx.update(users).set({ coins: 7 }).where(eq(users.id, a.id));
    });
    expect((await get('/api/store')).coins).toBe(7);

    // TRUNCATE fires no row trigger: it drops every member.
    await get('/api/coins/history');
    await db().execute(sql`truncate ${coinLedger}`);
    expect((await get('/api/coins/history')).data).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'are all read again after a connection is lost (it may have missed its own change)',
    async () => {
      const a = await memberWithServer(w);
      await a.client.get('/api/store');
      const misses = cache().misses;
      await a.client.get('/api/store');
      expect(cache().misses).toBe(misses);
      const pool = (db() as unknown as { $client: import('pg').Pool }).$client;
      const client = await pool.connect();
      client.emit('error', new Error('Connection terminated unexpectedly'));
      client.release(true);
      await a.client.get('/api/store');
      expect(cache().misses).toBe(misses + 1);
    },
  );

  it.skipIf(!onPostgres)('reach the other instances through the bus', async () => {
    const bus = localBus();
    const relayed: string[] = [];
    const other = await openPostgres(w.t.databaseUrl!);
    w.t.database.memberCache!.relayThrough({
      ...bus,
      publish: async (channel, message) => {
        relayed.push(`${channel} ${message}`);
        await bus.publish(channel, message);
      },
    });
    const app2 = await buildApp(testConfig(), { database: other, bus, logger: false });
    try {
      const a = await memberWithServer(w);
      const there = new TestClient(app2);
      there.cookies = new Map(a.client.cookies);
      const store = async () => (await there.get('/api/store')).json().coins as number;
      const coins = await store();
      expect(await store()).toBe(coins);
      // Written through this instance's pool: its connection hears its own notification and relays it.
      relayed.length = 0;
      await db()
        .update(users)
        .set({ coins: coins + 11 })
        .where(eq(users.id, a.id));
      expect(await store()).toBe(coins + 11);
      // Told once, by the instance that wrote (the other one's connections hear it too while open).
      expect(relayed).toEqual([`hostdeck:member ${a.id}`]);
    } finally {
      await app2.close();
      await other.close();
    }
  });
});
