import type { Egg, EggCategory, Location } from '@hostdeck/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eggCategories, eggs, locations, serverQueue, servers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { tableCrud } from '../../lib/table-crud.ts';

type Row = Record<string, unknown>;
const stamps = (r: Row) => ({
  created_at: (r.createdAt as Date).toISOString(),
  updated_at: (r.updatedAt as Date).toISOString(),
});
const bool = (v: unknown) => (v === undefined ? [] : [v]);

/**
 * What keeps a location or an egg: a server on it, or an open request for it (pending or being built).
 * A finished request is history and goes with it (the queue's foreign keys cascade).
 */
function keptBy(column: 'locationId' | 'eggId', what: string) {
  return async (tx: Db, id: number): Promise<string | null> => {
    const [server] = await tx.select({ id: servers.id }).from(servers).where(eq(servers[column], id)).limit(1);
    if (server) return `Servers still run on this ${what}; move or delete them first`;
    const [open] = await tx
      .select({ id: serverQueue.id })
      .from(serverQueue)
      .where(and(eq(serverQueue[column], id), inArray(serverQueue.status, ['pending', 'building'])))
      .limit(1);
    if (open) return `A server request for this ${what} is still queued; wait for it or remove it first`;
    return null;
  };
}

export const locationsService = (db: Db) =>
  tableCrud<Location>(db, {
    table: locations,
    noun: 'location',
    fields: {
      name: 'name',
      description: 'description',
      panel_location_id: 'panelLocationId',
      panel_node_tags: 'panelNodeTags',
      slots: 'slots',
      vip: 'vip',
      status: 'status',
      icon: 'icon',
    },
    present: (r) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string | null,
      panel_location_id: r.panelLocationId as number | null,
      panel_node_tags: r.panelNodeTags as string[],
      slots: r.slots as number | null,
      vip: r.vip as boolean,
      status: r.status as Location['status'],
      icon: r.icon as string | null,
      ...stamps(r),
    }),
    sort: { name: locations.name, created_at: locations.createdAt },
    search: locations.name,
    filters: (q) => [
      ...(q.status ? [eq(locations.status, q.status as Location['status'])] : []),
      ...bool(q.vip).map((v) => eq(locations.vip, v as boolean)),
    ],
    inUse: keptBy('locationId', 'location'),
  });

const eggCount = sql<number>`(select count(*)::int from eggs e where e.category_id = "egg_categories"."id")`;

export const eggCategoriesService = (db: Db) =>
  tableCrud<EggCategory>(db, {
    table: eggCategories,
    noun: 'egg_category',
    fields: {
      name: 'name',
      description: 'description',
      panel_nest_id: 'panelNestId',
      panel_egg_tag: 'panelEggTag',
      icon: 'icon',
      enabled: 'enabled',
    },
    extra: { eggs: eggCount },
    present: (r, extra) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string | null,
      panel_nest_id: r.panelNestId as number | null,
      panel_egg_tag: r.panelEggTag as string | null,
      icon: r.icon as string | null,
      enabled: r.enabled as boolean,
      eggs: Number(extra.eggs ?? 0),
      ...stamps(r),
    }),
    sort: { name: eggCategories.name, created_at: eggCategories.createdAt },
    search: eggCategories.name,
    filters: (q) => bool(q.enabled).map((v) => eq(eggCategories.enabled, v as boolean)),
    inUse: async (tx, id) => {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(eggs).where(eq(eggs.categoryId, id));
      return Number(row?.n ?? 0) > 0 ? 'This category still has eggs; move or delete them first' : null;
    },
  });

export const eggsService = (db: Db) =>
  tableCrud<Egg>(db, {
    table: eggs,
    noun: 'egg',
    fields: {
      name: 'name',
      description: 'description',
      category_id: 'categoryId',
      panel_egg_id: 'panelEggId',
      icon: 'icon',
      vip: 'vip',
      enabled: 'enabled',
      docker_image: 'dockerImage',
      startup: 'startup',
      variables: 'variables',
    },
    present: (r) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string | null,
      category_id: r.categoryId as number,
      panel_egg_id: r.panelEggId as number | null,
      icon: r.icon as string | null,
      vip: r.vip as boolean,
      enabled: r.enabled as boolean,
      docker_image: r.dockerImage as string,
      startup: r.startup as string,
      variables: r.variables as Egg['variables'],
      ...stamps(r),
    }),
    sort: { name: eggs.name, created_at: eggs.createdAt },
    search: eggs.name,
    filters: (q) => {
      const out: SQL[] = [];
      if (q.category_id) out.push(eq(eggs.categoryId, q.category_id as number));
      out.push(
        ...bool(q.enabled).map((v) => eq(eggs.enabled, v as boolean)),
        ...bool(q.vip).map((v) => eq(eggs.vip, v as boolean)),
      );
      return out;
    },
    check: async (tx, values) => {
      if (values.categoryId === undefined) return;
      const [row] = await tx
        .select({ id: eggCategories.id })
        .from(eggCategories)
        .where(eq(eggCategories.id, values.categoryId as number));
      if (!row)
        throw new AppError('VALIDATION_ERROR', 'There is no such category', {
          category_id: 'There is no such category',
        });
    },
    inUse: keptBy('eggId', 'egg'),
  });
