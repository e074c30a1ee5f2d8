import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, fromPglite } from './client.ts';
import { createPglite } from './pglite.ts';
import { prepared } from './prepared.ts';

const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });
let builds = 0;
const noteById = (db: Database['db']) => {
  builds++;
  return db
    .select({ body: notes.body })
    .from(notes)
    .where(eq(notes.id, sql.placeholder('id')))
    .prepare('');
};

describe('prepared statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await fromPglite(await createPglite());
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
    await database.db.insert(notes).values({ id: 1, body: 'one' });
  });
  afterAll(() => database.close());

  it('builds a statement once per handle and runs it with each call’s values', async () => {
    builds = 0;
    const { db } = database;
    expect(await prepared(db, noteById).execute({ id: 1 })).toEqual([{ body: 'one' }]);
    expect(await prepared(db, noteById).execute({ id: 2 })).toEqual([]);
    expect(prepared(db, noteById)).toBe(prepared(db, noteById));
    expect(builds).toBe(1);
  });

  it('gives a transaction its own statement, which sees the transaction’s writes', async () => {
    builds = 0;
    const { db } = database;
    await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 2, body: 'two' });
        const inside = prepared(tx as unknown as Database['db'], noteById);
        expect(inside).not.toBe(prepared(db, noteById));
        expect(await inside.execute({ id: 2 })).toEqual([{ body: 'two' }]);
        tx.rollback();
      })
      .catch(() => {});
    expect(builds).toBe(1);
    expect(await prepared(db, noteById).execute({ id: 2 })).toEqual([]);
  });
});
