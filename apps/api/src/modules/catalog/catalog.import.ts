import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eggCategories, eggs, locations } from '../../db/schema/index.ts';
import type { HostingGroup, HostingPlacement, HostingProvider } from '../../integrations/hosting/provider.ts';
import type { Actor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit.service.ts';

export interface ImportResult {
  created: number;
  updated: number;
}

/** The location already standing for a panel placement: its Pterodactyl location, or a location holding the Pelican node tag. */
const locationFor = (p: HostingPlacement): SQL =>
  'panelLocationId' in p
    ? eq(locations.panelLocationId, p.panelLocationId)
    : sql`${p.nodeTag} = any(${locations.panelNodeTags})`;
const newLocationRef = (p: HostingPlacement) =>
  'panelLocationId' in p ? { panelLocationId: p.panelLocationId } : { panelNodeTags: [p.nodeTag] };
/** The category standing for a panel group: its Pterodactyl nest, or its Pelican egg tag. */
const categoryFor = (g: HostingGroup): SQL =>
  'panelNestId' in g ? eq(eggCategories.panelNestId, g.panelNestId) : eq(eggCategories.panelEggTag, g.eggTag);
const newCategoryRef = (g: HostingGroup) =>
  'panelNestId' in g ? { panelNestId: g.panelNestId } : { panelEggTag: g.eggTag };

/**
 * "Import from panel": creates what the panel has and Hostdeck lacks, and re-syncs the panel's own
 * fields (names, images, startup, variables) of what was imported before. Hostdeck's own choices
 * (VIP, slots, status, icons, enabled) are kept. The panel is read first, outside the transaction.
 */
export async function importLocations(db: Db, provider: HostingProvider, actor: Actor): Promise<ImportResult> {
  const remote = await provider.listLocations();
  return db.transaction(async (tx) => {
    const result = { created: 0, updated: 0 };
    for (const l of remote) {
      const [existing] = await tx.select().from(locations).where(locationFor(l.placement)).limit(1);
      if (existing) {
        await tx
          .update(locations)
          // A Pelican location is named after its tag only at first: staff may rename it.
          .set({
            ...('nodeTag' in l.placement ? {} : { name: l.name }),
            description: l.description,
            updatedAt: new Date(),
          })
          .where(eq(locations.id, existing.id));
        result.updated += 1;
      } else {
        await tx.insert(locations).values({ name: l.name, description: l.description, ...newLocationRef(l.placement) });
        result.created += 1;
      }
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.id,
      action: 'location.import',
      targetType: 'location',
      targetId: 'panel',
      after: { ...result },
    });
    return result;
  });
}

/** Nests (Pterodactyl) or egg tags (Pelican) become categories (re-synced on a second import). */
export async function importCategories(db: Db, provider: HostingProvider, actor: Actor): Promise<ImportResult> {
  const remote = await provider.listCategories();
  return db.transaction(async (tx) => {
    const result = { created: 0, updated: 0 };
    for (const c of remote) {
      const [category] = await tx.select().from(eggCategories).where(categoryFor(c.group));
      if (category) {
        await tx
          .update(eggCategories)
          .set({ name: c.name, description: c.description, updatedAt: new Date() })
          .where(eq(eggCategories.id, category.id));
        result.updated += 1;
      } else {
        await tx.insert(eggCategories).values({ name: c.name, description: c.description, ...newCategoryRef(c.group) });
        result.created += 1;
      }
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.id,
      action: 'egg_category.import',
      targetType: 'egg_category',
      targetId: 'panel',
      after: { ...result },
    });
    return result;
  });
}

/** The eggs of every imported category: image, startup and variables re-synced, Hostdeck's choices kept. */
export async function importEggs(db: Db, provider: HostingProvider, actor: Actor): Promise<ImportResult> {
  const remote = await provider.listCategories();
  return db.transaction(async (tx) => {
    const result = { created: 0, updated: 0 };
    for (const c of remote) {
      const [category] = await tx.select().from(eggCategories).where(categoryFor(c.group));
      if (!category) continue; // import the categories first
      for (const e of c.eggs) {
        const fields = {
          name: e.name,
          description: e.description,
          dockerImage: e.dockerImage,
          startup: e.startup,
          variables: e.variables.map((v) => ({ env: v.env, default_value: v.defaultValue, rules: v.rules })),
        };
        const [egg] = await tx.select().from(eggs).where(eq(eggs.panelEggId, e.panelId));
        if (egg) {
          await tx
            .update(eggs)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(eggs.id, egg.id));
          result.updated += 1;
        } else {
          await tx.insert(eggs).values({ ...fields, panelEggId: e.panelId, categoryId: category.id });
          result.created += 1;
        }
      }
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.id,
      action: 'egg.import',
      targetType: 'egg',
      targetId: 'panel',
      after: { ...result },
    });
    return result;
  });
}
