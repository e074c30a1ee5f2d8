import type { AdminServer, MemberServer } from '@hostdeck/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberRead } from '../../db/prepared.ts';
import { eggs, locations, servers, users } from '../../db/schema/index.ts';
import { countRows } from '../../lib/count.ts';
import { likeTerm, orderBy, type PageQuery } from '../../lib/paging.ts';
import type { CatalogCache } from '../catalog/catalog.cache.ts';
import { MISSING, OTHER_PANEL, ofOtherPanel, ofPanel } from './server-panel.ts';

export type ServerRow = typeof servers.$inferSelect;
export type UrlFor = (identifier: string | null) => string | null;
/** How records show against the configured panel: its links, and which records belong to another panel. */
export interface PanelView {
  urlFor: UrlFor;
  elsewhere: (s: Pick<ServerRow, 'panelServerId' | 'panelKey'>) => boolean;
}

const columns = {
  server: servers,
  locationName: locations.name,
  eggName: eggs.name,
  eggIcon: eggs.icon,
  ownerUsername: users.username,
};
type Joined = {
  server: ServerRow;
  locationName: string;
  eggName: string;
  eggIcon: string | null;
  ownerUsername: string;
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(servers)
    .innerJoin(locations, eq(locations.id, servers.locationId))
    .innerJoin(eggs, eq(eggs.id, servers.eggId))
    .innerJoin(users, eq(users.id, servers.ownerId));

/** The columns a member's server list shows (and the panel view needs): no more are read for it. */
const listed = {
  id: servers.id,
  name: servers.name,
  description: servers.description,
  locationId: servers.locationId,
  eggId: servers.eggId,
  memory: servers.memory,
  cpu: servers.cpu,
  disk: servers.disk,
  ports: servers.ports,
  databases: servers.databases,
  backups: servers.backups,
  status: servers.status,
  panelServerId: servers.panelServerId,
  panelIdentifier: servers.panelIdentifier,
  panelKey: servers.panelKey,
  expiresAt: servers.expiresAt,
  createdAt: servers.createdAt,
};
type Listed = Pick<ServerRow, keyof typeof listed>;

const serversOfOwner = (db: Db) =>
  db
    .select(listed)
    .from(servers)
    .where(eq(servers.ownerId, sql.placeholder('ownerId')))
    .orderBy(desc(servers.createdAt))
    .prepare('');

/** A record of another panel shows as "other_panel" without a link; a missing one without a link. */
export function presentServer(r: Omit<Joined, 'server'> & { server: Listed }, view: PanelView): MemberServer {
  const s = r.server;
  const elsewhere = view.elsewhere(s);
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    location_id: s.locationId,
    location_name: r.locationName,
    egg_id: s.eggId,
    egg_name: r.eggName,
    egg_icon: r.eggIcon,
    memory: s.memory,
    cpu: s.cpu,
    disk: s.disk,
    ports: s.ports,
    databases: s.databases,
    backups: s.backups,
    status: elsewhere ? OTHER_PANEL : s.status,
    panel_identifier: s.panelIdentifier,
    panel_url: elsewhere || s.status === MISSING ? null : view.urlFor(s.panelIdentifier),
    expires_at: s.expiresAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

export function presentAdminServer(r: Joined, view: PanelView): AdminServer {
  return {
    ...presentServer(r, view),
    owner_id: r.server.ownerId,
    owner_username: r.ownerUsername,
    panel_server_id: r.server.panelServerId,
  };
}

/**
 * A member's servers, newest first: one read of the owner's index, without joins; the location and egg
 * names come from the catalogue in memory (catalog.cache.ts).
 */
export async function findServersOfOwner(
  db: Db,
  catalog: CatalogCache,
  owner: { id: string; username: string },
): Promise<(Omit<Joined, 'server'> & { server: Listed })[]> {
  const [rows, names] = await Promise.all([
    memberRead(db, owner.id, serversOfOwner, { ownerId: owner.id }),
    catalog.get(),
  ]);
  // A server can only name a location and an egg that exist (foreign keys); one this copy lacks was made
  // after it was read, before the drop reached this instance.
  const known = rows.every((s) => names.location.has(s.locationId) && names.egg.has(s.eggId));
  const { location, egg } = known ? names : await catalog.fresh();
  return rows.map((server) => ({
    server,
    locationName: location.get(server.locationId)?.name ?? '',
    eggName: egg.get(server.eggId)?.name ?? '',
    eggIcon: egg.get(server.eggId)?.icon ?? null,
    ownerUsername: owner.username,
  }));
}

/** One server with its names; `ownerId` scopes it to a member (someone else's server is simply not found). */
export async function findServer(db: Db, id: string, ownerId?: string): Promise<Joined | undefined> {
  const where = ownerId ? and(eq(servers.id, id), eq(servers.ownerId, ownerId)) : eq(servers.id, id);
  return (await joined(db).where(where))[0];
}

export interface AdminServerQuery extends PageQuery {
  search?: string;
  status?: string;
  location_id?: number;
  egg_id?: number;
  owner_id?: string;
}

/** A record of another panel shows as "other_panel", whatever status it had there. */
function statusFilter(status: string | undefined, panelKey: string | null): SQL | undefined {
  if (!status) return undefined;
  if (panelKey === null) return eq(servers.status, status);
  if (status === OTHER_PANEL) return ofOtherPanel(panelKey);
  return and(eq(servers.status, status), ofPanel(panelKey));
}

const sortColumns = {
  name: servers.name,
  created_at: servers.createdAt,
  expires_at: servers.expiresAt,
  memory: servers.memory,
} as const;

/** `panelKey`: the configured panel's; the status "other_panel" finds the records of any other panel. */
export async function findServersPage(
  db: Db,
  q: AdminServerQuery,
  panelKey: string | null,
): Promise<{ rows: Joined[]; total: number; estimated: boolean }> {
  const filters: (SQL | undefined)[] = [
    statusFilter(q.status, panelKey),
    q.location_id ? eq(servers.locationId, q.location_id) : undefined,
    q.egg_id ? eq(servers.eggId, q.egg_id) : undefined,
    q.owner_id ? eq(servers.ownerId, q.owner_id) : undefined,
  ];
  if (q.search) {
    const like = likeTerm(q.search);
    filters.push(or(ilike(servers.name, like), ilike(users.username, like), ilike(servers.panelIdentifier, like)));
  }
  const where = and(...filters.filter(Boolean));
  const counting = db.select({ id: servers.id }).from(servers);
  const [rows, counted] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q.sort, sortColumns, [desc(servers.createdAt), desc(servers.id)]))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    // Exact up to 10,000 servers, then estimated (lib/count.ts, decision 0024); the owner's row only
    // when a search needs it.
    countRows(db, (q.search ? counting.innerJoin(users, eq(users.id, servers.ownerId)) : counting).where(where)),
  ]);
  return { rows, total: counted.total, estimated: counted.estimated };
}
