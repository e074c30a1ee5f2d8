import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithServer, type PanelWorld, simulatedPanelApp } from '../../test/servers.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { ServerLifecycleWorker } from './server-lifecycle.worker.ts';

/** Steady servers added beside the test's own: enough that reading them all is plain in the figures. */
const STEADY = 5000;
/** What one statement of a pass may read of `servers` while nothing is due. */
const READ_AT_MOST = 50;

interface Statement {
  sql: string;
  params: unknown[];
}
interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

let w: PanelWorld;
let worker: ServerLifecycleWorker;
const statements: Statement[] = [];
/** One connection for EXPLAIN inside a transaction that is rolled back (so updates change nothing). */
let explainOn: (run: (query: Query) => Promise<void>) => Promise<void>;

beforeAll(async () => {
  w = await simulatedPanelApp();
  const ctx = w.t.app.ctx;
  await ctx.settings.update({ server_renew_enabled: true, server_renew_days: 30, server_renew_reminder_days: 3 });
  const a = await memberWithServer(w);
  w.sim.finishInstall(a.panel()!.id);

  // The production worker over a drizzle handle that records each statement it sends.
  const database = w.t.database;
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (q: string, params: unknown[]) => statements.push({ sql: q, params }) };
  const db = (database.kind === 'pglite'
    ? drizzlePglite(client as never, { schema, logger })
    : drizzlePg(client as never, { schema, logger })) as unknown as Db;
  worker = new ServerLifecycleWorker(db, ctx.panel, ctx.settings, ctx.servers, w.t.app.log, () => 'http://x');
  await worker.syncStatuses(); // the full read from the panel is done: the passes below are the routine ones
  await worker.runOnce(); // gives the member's server its expiry

  // Many servers in a steady state: built on this panel, active, expiring in a month, not reminded.
  // Triggers off for the load, as the scale bench does: the owner's counter row updated 5,000 times in
  // one statement costs a minute on PGlite, and no counter is read here.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into servers (owner_id, name, location_id, egg_id, memory, cpu, disk, ports, databases, backups,
      panel_server_id, panel_identifier, panel_key, external_id, status, expires_at, created_at, updated_at)
    select owner_id, name || g, location_id, egg_id, memory, cpu, disk, ports, databases, backups,
      1000000 + g, panel_identifier, panel_key, gen_random_uuid()::text, 'active',
      now() + interval '30 days', now() - g * interval '1 minute', now() - interval '1 day'
    from servers, generate_series(1, ${STEADY}) g where id = ${a.server.id}`);
  });
  await database.db.execute(sql`analyze servers`);

  explainOn =
    database.kind === 'pglite'
      ? async (run) => {
          const c = client as { query: Query };
          await c.query('begin');
          await run((t, p) => c.query(t, p)).finally(() => c.query('rollback'));
        }
      : async (run) => {
          const c = await (client as { connect(): Promise<{ query: Query; release(): void }> }).connect();
          await c.query('begin');
          await run((t, p) => c.query(t, p)).finally(async () => {
            await c.query('rollback');
            c.release();
          });
        };
});
afterAll(() => w.close());

/** Rows of `servers` a statement reads (index entries and heap rows, kept or filtered out), by EXPLAIN ANALYZE. */
async function serverRowsRead(s: Statement): Promise<number> {
  let read = 0;
  await explainOn(async (query) => {
    const { rows } = await query(`explain (analyze, format json) ${s.sql}`, s.params);
    const plan = (rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
    const walk = (n: PlanNode) => {
      const ofServers = n['Relation Name'] === 'servers' || n['Index Name']?.startsWith('servers_');
      if (ofServers && n['Node Type'] !== 'ModifyTable')
        read +=
          n['Actual Rows'] * n['Actual Loops'] +
          (n['Rows Removed by Filter'] ?? 0) +
          (n['Rows Removed by Index Recheck'] ?? 0);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan);
  });
  return read;
}

describe('the lifecycle passes at scale', () => {
  it(`read only the rows they act on, not the ${STEADY} steady servers beside them`, async () => {
    statements.length = 0;
    await worker.runOnce(new Date()); // the whole pass (every 30 s)
    await worker.tick(new Date(Date.now() + 1000)); // a tick between passes (every 3 s)
    const ofServers = statements.filter((s) => /\b(from|update) "servers"/.test(s.sql));
    expect(ofServers.length).toBeGreaterThanOrEqual(8); // every step of the pass was seen
    const reads: { sql: string; read: number }[] = [];
    for (const s of ofServers) reads.push({ sql: s.sql, read: await serverRowsRead(s) }); // one transaction at a time
    expect(reads.filter((r) => r.read > READ_AT_MOST)).toEqual([]);
  });
});
