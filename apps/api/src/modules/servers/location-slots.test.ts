import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeCatalogue, serverRequest } from '../../../test/servers.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { locations, serverQueue, servers } from '../../db/schema/index.ts';

/**
 * locations.server_count is kept by triggers (migration 0016), so the slot rule and the create page
 * never count every server. These tests write servers straight into the table, as any writer might.
 */
let t: TestApp;
let catalogue: { locationId: number; eggId: number };
let second: number;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ demo_panel_enabled: true }); // a panel to build on: requests need one
  const root = await memberWithPermissions(t.app, ['admin.root'], 8);
  catalogue = await makeCatalogue(root);
  second = (await root.post('/api/admin/locations', { name: 'Second' })).json().data.id;
  owner = (await signedUpMember(t.app)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const kept = async (id: number) =>
  (await db().select({ n: locations.serverCount }).from(locations).where(eq(locations.id, id)))[0]?.n;
const counted = async (id: number) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(servers).where(eq(servers.locationId, id)))[0]?.n;
const rows = (locationId: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ownerId: owner,
    name: `S${i}`,
    locationId,
    eggId: catalogue.eggId,
    memory: 1,
    cpu: 1,
    disk: 1,
    ports: 0,
    databases: 0,
    backups: 0,
    status: 'active',
  }));

describe('servers per location', () => {
  it('are counted by the triggers through bulk inserts, moves, other updates and deletes', async () => {
    const [a, b] = [catalogue.locationId, second];
    const made = await db().insert(servers).values(rows(a, 250)).returning({ id: servers.id });
    await db().insert(servers).values(rows(b, 3));
    expect([await kept(a), await kept(b)]).toEqual([250, 3]);

    const moved = made.slice(0, 10).map((r) => r.id);
    await db().update(servers).set({ locationId: b }).where(inArray(servers.id, moved));
    await db().update(servers).set({ status: 'suspended' }).where(eq(servers.locationId, a));
    expect([await kept(a), await kept(b)]).toEqual([240, 13]);

    await db()
      .delete(servers)
      .where(
        inArray(
          servers.id,
          made.slice(10, 50).map((r) => r.id),
        ),
      );
    await db().delete(servers).where(eq(servers.locationId, b));
    expect([await kept(a), await kept(b)]).toEqual([200, 0]);
    expect([await kept(a), await kept(b)]).toEqual([await counted(a), await counted(b)]);

    // After a bulk load that brought its own counts (a backup restore), they are counted afresh.
    await db().update(locations).set({ serverCount: 7 });
    await db().execute(sql`select hostdeck_recount_location_servers()`);
    expect([await kept(a), await kept(b)]).toEqual([200, 0]);
    await db().delete(servers).where(eq(servers.locationId, a));
    expect(await kept(a)).toBe(0);
  });

  it('never lets more members into a location than it has slots, however many ask at once', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const small = (await root.post('/api/admin/locations', { name: 'Small', slots: 3 })).json().data.id as number;
    await db().insert(servers).values(rows(small, 1));
    const members = await Promise.all(Array.from({ length: 8 }, () => signedUpMember(t.app)));
    const answers = await Promise.all(
      members.map((m) => m.client.post('/api/servers/requests', serverRequest(small, catalogue.eggId))),
    );
    const codes = answers.map((r) => (r.statusCode === 201 ? 'queued' : r.json().error_code)).sort();
    expect(codes).toEqual([...Array(6).fill('LOCATION_FULL'), 'queued', 'queued']);
    const queued = await db().select().from(serverQueue).where(eq(serverQueue.locationId, small));
    expect(queued).toHaveLength(2);

    // The create page shows the built server and the two open requests against the three slots.
    const offered = (await members[0]!.client.get('/api/servers/options')).json().locations;
    expect(offered.find((l: { id: number }) => l.id === small)).toMatchObject({ slots: 3, used: 3 });
  });
});
