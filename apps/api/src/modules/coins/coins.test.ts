import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { coinLedger } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({
    allow_coins_sharing: true,
    coins_sharing_min: 10,
    coins_sharing_max: 500,
    coins_sharing_fee_percent: 5,
  });
});
afterAll(() => t.close());

interface Line {
  kind: string;
  amount: number;
  balance_after: number;
}

/** Every page of a history, two lines a page, joined. */
async function allPages(client: TestClient, url: string): Promise<{ lines: Line[]; balance: number }> {
  const lines: Line[] = [];
  for (let page = 1; ; page++) {
    const body = (await client.get(`${url}?per_page=2&page=${page}`)).json();
    lines.push(...body.data);
    if (lines.length >= body.total) return { lines, balance: body.balance };
  }
}

describe('coin history order', () => {
  it('lists a gift’s debit and fee in the order written, so balance_after is a running total across pages', async () => {
    const a = await signedUpMember(t.app, 1000);
    const b = await signedUpMember(t.app);
    for (let i = 0; i < 3; i++)
      expect((await a.client.post(`/api/profiles/${b.id}/gift`, { amount: 100 })).statusCode).toBe(200);

    // The debit and the fee of one gift share created_at. Give them ids that sort against the order
    // they were written in, so a tie broken by id would list the debit before the later fee.
    const rows = await t.database.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, a.id))
      .orderBy(asc(coinLedger.seq));
    for (const row of rows) {
      const tail = String(row.seq).padStart(12, '0');
      const id = row.kind === 'gift_out' ? `ffffffff-ffff-4fff-bfff-${tail}` : `00000000-0000-4000-8000-${tail}`;
      await t.database.db.update(coinLedger).set({ id }).where(eq(coinLedger.seq, row.seq));
    }

    for (const [client, url] of [
      [a.client, '/api/coins/history'],
      [root, `/api/admin/users/${a.id}/coins`],
    ] as const) {
      const { lines, balance } = await allPages(client, url);
      expect(lines.map((l) => l.kind)).toEqual([
        'gift_fee',
        'gift_out',
        'gift_fee',
        'gift_out',
        'gift_fee',
        'gift_out',
        'admin_adjustment',
      ]);
      expect(lines[0]?.balance_after).toBe(balance);
      // Newest first: each line's balance before it is the next (older) line's balance after.
      lines.forEach((line, i) => {
        expect(line.balance_after - line.amount).toBe(lines[i + 1]?.balance_after ?? 0);
      });
    }
  });
});
