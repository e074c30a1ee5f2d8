import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eggCategories, eggs, locations } from '../../db/schema/index.ts';
import type { HostingProvider } from '../../integrations/hosting/provider.ts';
import type { Actor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit.service.ts';

export interface ImportResult {
  created: number;
  updated: number;
}

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
      const [existing] = await tx.select().from(locations).where(eq(locations.panelLocationId, l.panelId));
      if (existing) {
        await tx
          .update(locations)
          .set({ name: l.name, description: l.description, updatedAt: new Date() })
          .where(eq(locations.id, existing.id));
        result.updated += 1;
      } else {
        await tx.insert(locations).values({ name: l.name, description: l.description, panelLocationId: l.panelId });
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

/** Nests become categories (re-synced on a second import). */
export async function importCategories(db: Db, provider: HostingProvider, actor: Actor): Promise<ImportResult> {
  const remote = await provider.listCategories();
  return db.transaction(async (tx) => {
    const result = { created: 0, updated: 0 };
    for (const c of remote) {
      const [category] = await tx.select().from(eggCategories).where(eq(eggCategories.panelNestId, c.panelId));
      if (category) {
        await tx
          .update(eggCategories)
          .set({ name: c.name, description: c.description, updatedAt: new Date() })
          .where(eq(eggCategories.id, category.id));
        result.updated += 1;
      } else {
        await tx.insert(eggCategories).values({ name: c.name, description: c.description, panelNestId: c.panelId });
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
      const [category] = await tx.select().from(eggCategories).where(eq(eggCategories.panelNestId, c.panelId));
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
