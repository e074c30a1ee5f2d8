import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/client.ts';
import { memberWithPermissions } from '../../test/users.ts';
import { EXACT_COUNT_LIMIT, roundEstimate } from './count.ts';

let t: TestApp;
let root: TestClient;
const actor = '11111111-1111-4111-8111-111111111111';
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  // More audit entries than a list counts exactly: 40 of them by one actor.
  await t.database.db.execute(sql`
    insert into audit_log (actor_id, action, target_type, target_id, created_at)
    select case when i <= 40 then ${actor}::uuid end, 'bench.entry', 'thing', i::text, now() - i * interval '1 minute'
    from generate_series(1, ${EXACT_COUNT_LIMIT + 500}) i`);
});
afterAll(() => t.close());

describe('list totals', () => {
  it('are estimated past 10,000 rows, flagged so, and exact below', async () => {
    const all = (await root.get('/api/admin/audit?per_page=10')).json();
    expect(all.total_estimated).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    expect(all.total).toBeLessThan(EXACT_COUNT_LIMIT * 10);
    expect(all.total_pages).toBe(Math.ceil(all.total / 10));
    // The page itself is exact: the ten newest.
    expect(all.data).toHaveLength(10);

    // A filter still matching more than the limit: the estimate is the planner's for that filter.
    const things = (await root.get('/api/admin/audit?target_type=thing')).json();
    expect(things.total_estimated).toBe(true);
    expect(things.total).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);

    const mine = (await root.get(`/api/admin/audit?actor_id=${actor}&per_page=10`)).json();
    expect(mine).toMatchObject({ total: 40, total_estimated: false, total_pages: 4 });
    const users = (await root.get('/api/admin/users')).json();
    expect(users.total_estimated).toBe(false);
    expect(users.total).toBe(users.data.length);
  });

  it('round an estimate to three significant digits', () => {
    expect([roundEstimate(994_873), roundEstimate(10_501), roundEstimate(125_312), roundEstimate(812)]).toEqual([
      995_000, 10_500, 125_000, 812,
    ]);
  });
});
