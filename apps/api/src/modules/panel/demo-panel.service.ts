import type { DemoPanelResult } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { CatalogCache } from '../catalog/catalog.cache.ts';
import { importCategories, importEggs, importLocations } from '../catalog/catalog.import.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export interface DemoPanelDeps {
  db: Db;
  /** Dropped after the import, here and on every other instance. */
  catalog: CatalogCache;
  settings: SettingsService;
  panel: PanelService;
}

/** One queue per app: a double click must not run two imports side by side. */
const queues = new WeakMap<PanelService, Promise<unknown>>();

/**
 * "Try it with the demo panel" in one step: switches the simulated panel on and imports its
 * locations, categories (nests) and eggs with the same imports the admin pages use, so a second
 * call creates nothing and only re-syncs. Refused while a real panel is configured: its catalogue is
 * imported from the catalogue pages, and the demo one would mix into it.
 */
export function startDemoPanel(deps: DemoPanelDeps, actor: Actor): Promise<Omit<DemoPanelResult, 'success'>> {
  const next = (queues.get(deps.panel) ?? Promise.resolve()).then(() => run(deps, actor));
  queues.set(
    deps.panel,
    next.catch(() => undefined),
  );
  return next;
}

async function run(deps: DemoPanelDeps, actor: Actor) {
  const { db, settings, panel } = deps;
  if (panel.kind() !== null && panel.kind() !== 'simulated')
    throw new AppError(
      'PANEL_ALREADY_CONFIGURED',
      'A game panel is configured: import its catalogue from the catalogue pages instead of the demo panel',
    );
  if (!settings.bool('demo_panel_enabled')) {
    await settings.update({ demo_panel_enabled: true });
    await recordAudit(db, {
      actorId: actor.id,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'settings',
      before: { demo_panel_enabled: false },
      after: { demo_panel_enabled: true },
    });
  }
  // Categories before eggs: an egg is imported only under its imported category.
  try {
    const locations = await panel.use((p) => importLocations(db, p, actor));
    const categories = await panel.use((p) => importCategories(db, p, actor));
    const eggs = await panel.use((p) => importEggs(db, p, actor));
    return { locations, categories, eggs };
  } finally {
    await deps.catalog.changed();
  }
}
