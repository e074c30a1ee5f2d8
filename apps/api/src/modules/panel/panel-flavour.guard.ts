import type { PanelFlavour } from '@hostdeck/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverQueue, servers } from '../../db/schema/index.ts';
import { PANEL_NAMES } from '../../integrations/hosting/application-provider.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsGuard } from '../settings/settings.service.ts';

/**
 * Refuses to change the panel's flavour (Pterodactyl ↔ Pelican) while servers live on the current
 * panel or builds wait for it: their panel ids, accounts and placements mean nothing to the other
 * software, and moving them is out of scope (docs/operations/pelican.md says how to proceed).
 */
export function panelFlavourGuard(db: Db, panel: PanelService): SettingsGuard {
  return async (next) => {
    const wanted = next.panel_flavour;
    const current = panel.flavour();
    const key = panel.key();
    if (wanted === undefined || wanted === current || key === null) return;
    const [onPanel] = await db.select({ n: sql<number>`count(*)::int` }).from(servers).where(eq(servers.panelKey, key));
    const [waiting] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(serverQueue)
      .where(inArray(serverQueue.status, ['pending', 'building']));
    const count = Number(onPanel?.n ?? 0) + Number(waiting?.n ?? 0);
    if (count === 0) return;
    const message = `${count} server(s) live on or wait for the current ${PANEL_NAMES[current]} panel: the panel cannot switch to ${PANEL_NAMES[wanted as PanelFlavour]} while they exist (moving servers between panels is not supported)`;
    throw new AppError('PANEL_FLAVOUR_LOCKED', message, { panel_flavour: message });
  };
}
