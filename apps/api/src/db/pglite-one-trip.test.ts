import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './pglite.ts';
import { withOneTripQueries } from './pglite-one-trip.ts';

// drizzle's own options for PGlite: rows as arrays, timestamps kept as text.
const drizzleLike = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v, 1114: (v: string) => v } };

describe('PGlite queries in one trip', () => {
  let raw: PGlite;
  let pg: PGlite;
  let trips = 0;

  beforeAll(async () => {
    raw = await createPglite();
    const stream = raw.execProtocolStream.bind(raw);
    raw.execProtocolStream = (message, options) => {
      trips++;
      return stream(message, options);
    };
    pg = withOneTripQueries(raw);
    await raw.exec(`create table t (
      id int primary key, name text not null, n numeric, ok boolean, at timestamptz, doc jsonb, tags text[]
    )`);
  });
  afterAll(() => raw.close());

  const counted = async <T>(run: () => Promise<T>) => {
    trips = 0;
    const result = await run();
    return { result, trips };
  };

  it('sends a parametrised statement as one call, with the same rows as PGlite’s own path', async () => {
    const insert = 'insert into t (id, name, n, ok, at, doc) values ($1, $2, $3, $4, $5, $6) returning *';
    const params = [1, 'ä "quoted" \\ name', 12.5, true, '2026-11-28T10:00:00.000Z', '{"a":[1,2]}'];
    const fast = await counted(() => pg.query(insert, params, drizzleLike));
    expect(fast.trips).toBe(1);
    await raw.query('delete from t');
    const own = await counted(() => raw.query(insert, params, drizzleLike));
    expect(own.trips).toBe(6); // what it replaces
    expect(fast.result).toEqual(own.result); // rows, fields, command, affected rows

    const select = 'select id, name, ok, doc, n from t where id = $1 and ok = $2 and name <> $3';
    const a = await counted(() => pg.query(select, [1, 'true', null]));
    const b = await raw.query(select, [1, 'true', null]);
    expect(a.trips).toBe(1);
    expect(a.result).toEqual(b);
    expect(a.result.rows).toHaveLength(0); // `<> null` is never true: null went as NULL, not "null"
    const c = await pg.query<{ name: string }>('select name from t where id = $1 and ok = $2', [1, false]);
    expect(c.rows).toEqual([]);
    const d = await pg.query<{ name: string }>('select name from t where id = $1 and ok = $2', [1, true]);
    expect(d.rows).toEqual([{ name: 'ä "quoted" \\ name' }]);
    const e = await pg.query<{ affectedRows: number }>('update t set n = n + $1 where id = $2', [1, 1]);
    expect(e.affectedRows).toBe(1);
  });

  it('leaves values that need their type to PGlite’s own path', async () => {
    for (const value of [['a', 'b'], new Date('2026-11-28T10:00:00Z'), { k: 1 }, 5n]) {
      const fast = await counted(() => pg.query('select $1::text as v', [value]));
      const own = await raw.query('select $1::text as v', [value]);
      expect(fast.trips).toBe(6);
      expect(fast.result.rows).toEqual(own.rows);
    }
  });

  it('keeps PostgreSQL’s error with its statement, and the connection usable after it', async () => {
    const failed = await pg.query('insert into t (id, name) values ($1, $2)', [1, 'again']).catch((e) => e);
    expect(failed).toMatchObject({
      code: '23505',
      query: 'insert into t (id, name) values ($1, $2)',
      params: [1, 'again'],
    });
    const syntax = await pg.query('selec $1', [1]).catch((e) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await pg.query('select count(*)::int as c from t where id = $1', [1])).rows).toEqual([{ c: 1 }]);
  });

  it('runs inside a transaction, which others wait for and a rollback undoes', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inside!: () => void;
    const started = new Promise<void>((r) => {
      inside = r;
    });
    const tx = pg.transaction(async (t) => {
      const r = await counted(() => t.query('insert into t (id, name) values ($1, $2) returning id', [2, 'tx']));
      expect(r.trips).toBe(1);
      expect(r.result.rows).toEqual([{ id: 2 }]);
      inside();
      await held;
      const dup = await t.query('insert into t (id, name) values ($1, $2)', [2, 'dup']).catch((e) => e);
      expect(dup).toMatchObject({ code: '23505' });
      throw new Error('undo');
    });
    await started;
    // A statement outside the transaction waits for it to end and then sees the state after it.
    const outside = pg.query<{ c: number }>('select count(*)::int as c from t where id = $1', [2]);
    release();
    await expect(tx).rejects.toThrow('undo');
    expect((await outside).rows).toEqual([{ c: 0 }]);
  });
});
