import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverQueue, servers, tickets } from '../../db/schema/index.ts';

/** The `stats` of GET /api/user/session (a type, not an interface: it is a string-keyed record too). */
export type SessionStats = {
  /** Servers the member holds plus requests still being built: the server slots in use. */
  servers: number;
  /** Tickets not closed: what the open-ticket limit counts. */
  tickets: number;
};

/**
 * The member's counts in one round trip (PGlite runs one query at a time); each count is served by
 * an index on the owner (servers_owner_idx, server_queue_user_idx, tickets_user_status_idx).
 */
export async function loadSessionStats(db: Db, userId: string): Promise<SessionStats> {
  const result = await db.execute(
    sql`select
      (select count(*) from ${servers} where ${eq(servers.ownerId, userId)})
        + (select count(*) from ${serverQueue} where ${and(eq(serverQueue.userId, userId), inArray(serverQueue.status, ['pending', 'building']))}) as servers,
      (select count(*) from ${tickets} where ${and(eq(tickets.userId, userId), ne(tickets.status, 'closed'))}) as tickets`,
  );
  const [row] = (result as unknown as { rows: { servers: unknown; tickets: unknown }[] }).rows;
  return { servers: Number(row?.servers ?? 0), tickets: Number(row?.tickets ?? 0) };
}
