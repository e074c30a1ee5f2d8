import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eggCategories, eggs, locations } from '../../db/schema/index.ts';
import type { Bus } from '../../lib/bus.ts';
import { caseBlind } from '../../lib/paging.ts';

const CHANNEL = 'hostdeck:catalog';

export type CatalogLocation = Pick<
  typeof locations.$inferSelect,
  'id' | 'name' | 'description' | 'icon' | 'vip' | 'slots' | 'status'
>;
export type CatalogCategory = Pick<
  typeof eggCategories.$inferSelect,
  'id' | 'name' | 'description' | 'icon' | 'enabled'
>;
/** An egg as members see it (not what the panel needs to build it: image, startup, variables). */
export type CatalogEgg = Pick<
  typeof eggs.$inferSelect,
  'id' | 'name' | 'description' | 'icon' | 'vip' | 'enabled' | 'categoryId' | 'panelEggId'
>;

/** Every location, category and egg, each list in the database's order by name. */
export interface Catalog {
  locations: CatalogLocation[];
  categories: CatalogCategory[];
  eggs: CatalogEgg[];
  location: Map<number, CatalogLocation>;
  egg: Map<number, CatalogEgg>;
}

/**
 * The catalogue (locations, egg categories, eggs) in memory: it is the same for every member, so the
 * create page and the server list read it here instead of from the database on every request. Loaded
 * on first use; every write to the catalogue calls changed() after it commits, which drops it here and,
 * through the bus, on every other instance. A load that began before a change is never kept (the
 * generation check), so a drop can never be overwritten by older data.
 * The rules of a server request (online, enabled, VIP, slots) are still checked against the database
 * inside the request's transaction: this copy only shapes what members see.
 */
export class CatalogCache {
  private current: Catalog | null = null;
  private loading: Promise<Catalog> | null = null;
  private generation = 0;
  private readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {
    bus.subscribe(CHANNEL, {
      message: (from) => {
        if (from !== this.instanceId) this.drop();
      },
      missed: () => this.drop(),
    });
  }

  get(): Promise<Catalog> {
    if (this.current) return Promise.resolve(this.current);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load().then(
      (catalog) => {
        if (this.generation === generation) this.current = catalog;
        if (this.loading === loading) this.loading = null;
        return catalog;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** Read again here (a row newer than this copy was met before the bus brought its change). */
  fresh(): Promise<Catalog> {
    this.drop();
    return this.get();
  }

  /** After a write to the catalogue has committed: drop it here, then on every other instance. */
  async changed(): Promise<void> {
    this.drop();
    await this.bus.publish(CHANNEL, this.instanceId);
  }

  private drop(): void {
    this.generation++;
    this.current = null;
    this.loading = null;
  }

  private async load(): Promise<Catalog> {
    const [locationRows, categoryRows, eggRows] = await Promise.all([
      this.db
        .select({
          id: locations.id,
          name: locations.name,
          description: locations.description,
          icon: locations.icon,
          vip: locations.vip,
          slots: locations.slots,
          status: locations.status,
        })
        .from(locations)
        .orderBy(asc(caseBlind(locations.name)), asc(locations.id)),
      this.db
        .select({
          id: eggCategories.id,
          name: eggCategories.name,
          description: eggCategories.description,
          icon: eggCategories.icon,
          enabled: eggCategories.enabled,
        })
        .from(eggCategories)
        .orderBy(asc(caseBlind(eggCategories.name)), asc(eggCategories.id)),
      this.db
        .select({
          id: eggs.id,
          name: eggs.name,
          description: eggs.description,
          icon: eggs.icon,
          vip: eggs.vip,
          enabled: eggs.enabled,
          categoryId: eggs.categoryId,
          panelEggId: eggs.panelEggId,
        })
        .from(eggs)
        .orderBy(asc(caseBlind(eggs.name)), asc(eggs.id)),
    ]);
    return {
      locations: locationRows,
      categories: categoryRows,
      eggs: eggRows,
      location: new Map(locationRows.map((l) => [l.id, l])),
      egg: new Map(eggRows.map((e) => [e.id, e])),
    };
  }
}
