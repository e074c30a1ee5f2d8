import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import type { Db } from '../../db/client.ts';
import { coinLedger } from '../../db/schema/index.ts';
import { moveCoins } from './ledger.ts';

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

/** Every page of a history read by cursor (keyset), `per` lines a page, with each page's envelope. */
async function byCursor(client: TestClient, url: string, per: number) {
  const pages: { ids: string[]; page: number; total: number; next: string | null }[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 100; page++) {
    const qs: string = `per_page=${per}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`;
    const body: { data: { id: string }[]; page: number; total: number; next_cursor: string | null } = (
      await client.get(`${url}${url.includes('?') ? '&' : '?'}${qs}`)
    ).json();
    pages.push({
      ids: body.data.map((l) => l.id),
      page: body.page,
      total: body.total,
      next: body.next_cursor,
    });
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return pages;
}

describe("a member's coin history for staff", () => {
  it('answers 404 for a member who does not exist, with the balance and total of one who does', async () => {
    const missing = await root.get('/api/admin/users/00000000-0000-4000-8000-000000000000/coins');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe('NOT_FOUND');
    const m = await signedUpMember(t.app);
    await t.database.db.transaction((tx) =>
      moveCoins(tx as unknown as Db, { userId: m.id, amount: 7, kind: 'afk', reason: 'x' }),
    );
    expect((await root.get(`/api/admin/users/${m.id}/coins`)).json()).toMatchObject({ balance: 7, total: 1 });
  });
});

describe('coin history by cursor (keyset paging)', () => {
  it('returns every line exactly once, newest first, the same as by page; with a kind filter too', async () => {
    const m = await signedUpMember(t.app);
    const kinds = ['afk', 'redeem', 'afk', 'link', 'afk'] as const;
    for (let i = 0; i < 23; i++)
      await t.database.db.transaction((tx) =>
        moveCoins(tx as unknown as Db, { userId: m.id, amount: i + 1, kind: kinds[i % kinds.length]!, reason: `${i}` }),
      );
    for (const [client, url] of [
      [m.client, '/api/coins/history'],
      [root, `/api/admin/users/${m.id}/coins`],
      [m.client, '/api/coins/history?kind=afk'],
    ] as const) {
      const all = (await client.get(`${url}${url.includes('?') ? '&' : '?'}per_page=100`)).json();
      const pages = await byCursor(client, url, 5);
      const ids = pages.flatMap((p) => p.ids);
      expect(ids).toEqual(all.data.map((l: { id: string }) => l.id));
      expect(new Set(ids).size).toBe(all.total);
      expect(pages).toHaveLength(Math.ceil(all.total / 5));
      // The page number is echoed back; the total is the whole history's; only the last page has no next.
      expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
      expect(pages.every((p) => p.total === all.total)).toBe(true);
      expect(pages.slice(0, -1).every((p) => p.next !== null)).toBe(true);
    }
    // A line written after the first page was read does not shift the next page (it would by offset).
    const first = (await m.client.get('/api/coins/history?per_page=5')).json();
    await t.database.db.transaction((tx) =>
      moveCoins(tx as unknown as Db, { userId: m.id, amount: 1, kind: 'afk', reason: 'later' }),
    );
    const second = (await m.client.get(`/api/coins/history?per_page=5&page=2&cursor=${first.next_cursor}`)).json();
    const byOffset = (await m.client.get('/api/coins/history?per_page=5&page=2')).json();
    expect(second.data[0].reason).toBe('17');
    expect(byOffset.data[0].reason).toBe('18');

    expect((await m.client.get('/api/coins/history?cursor=abc')).statusCode).toBe(400);
    expect((await m.client.get('/api/coins/history?cursor=-1')).statusCode).toBe(400);
  });
});
