import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onPostgres, postgresDatabase } from '../../test/app.ts';
import { openPostgres } from './client.ts';

describe('migrations on PostgreSQL', () => {
  it.skipIf(!onPostgres)('two instances starting at once take turns: both succeed, each migration once', async () => {
    const target = await postgresDatabase();
    const other = await openPostgres(target.url);
    try {
      await Promise.all([target.migrate(), other.migrate()]);
      const r = await target.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      );
      const { n, d } = (r as unknown as { rows: { n: number; d: number }[] }).rows[0]!;
      expect(n).toBeGreaterThan(0);
      expect(n).toBe(d);
    } finally {
      await other.close();
      await target.close();
    }
  });
});
