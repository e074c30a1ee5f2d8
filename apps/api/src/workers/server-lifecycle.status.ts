import { and, count, desc, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { servers } from '../db/schema/index.ts';
import type { PanelService } from '../integrations/hosting/panel.service.ts';
import { isOwnServer, MISSING, ofOtherPanel, type ServerPanel } from '../modules/servers/server-panel.ts';

/** An installing server is first looked at this long after it was recorded… */
const FIRST_LOOK_MS = 3000;
/** …then after as long again as it has existed (3 s, 6 s, 12 s, 24 s), at most this far apart. */
const MAX_GAP_MS = 30_000;
/** Installing servers looked at per pass, most overdue first (one panel request each). */
const LOOKS_PER_PASS = 5;
/** Installing rows considered per pass (newest first). */
const SCAN = 200;
/** Records of another panel are counted in the log when their number changes, and at least this often. */
const OTHER_PANEL_LOG_MS = 60 * 60_000;

/** Whether an installing server is due for a look: backoff from its creation, per server. */
export function installLookDue(createdAt: number, lastLook: number | undefined, now: number): boolean {
  const last = lastLook ?? createdAt;
  const gap = Math.min(MAX_GAP_MS, Math.max(FIRST_LOOK_MS, last - createdAt));
  return now - last >= gap;
}

/**
 * Reads server statuses from the configured panel into the records of that panel only (a record
 * of another panel is never compared with this one's servers). A server the panel no longer has,
 * or whose id now holds a server with another external id, is marked "missing" once and no longer
 * polled; it comes back with its panel status if it reappears in a full read.
 */
export class ServerStatusReader {
  /** When this instance last asked about each installing server (a restart simply asks again). */
  private readonly lastLook = new Map<string, number>();
  private otherPanel = { count: 0, loggedAt: 0 };

  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly onPanel: ServerPanel,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Logs how many records belong to another panel (left alone by every step): once, not per row. */
  async countOtherPanel(key: string, now: Date): Promise<void> {
    const [row] = await this.db.select({ n: count() }).from(servers).where(ofOtherPanel(key));
    const n = Number(row?.n ?? 0);
    const t = now.getTime();
    if (n === this.otherPanel.count && (n === 0 || t - this.otherPanel.loggedAt < OTHER_PANEL_LOG_MS)) return;
    if (n > 0)
      this.log.warn(
        { servers: n, panel: key },
        'server records of another panel are left alone (no status sync, suspension or deletion); staff can remove them',
      );
    this.otherPanel = { count: n, loggedAt: t };
  }

  /** Reads every server of the panel in pages; changes only the rows that differ. */
  async syncAll(key: string): Promise<number> {
    // Rows are read before the panel's list: a row is recorded only once its server exists on the
    // panel, so a row read here and absent from the list below really is gone (not built meanwhile).
    const rows = await this.db
      .select({
        id: servers.id,
        panelServerId: servers.panelServerId,
        externalId: servers.externalId,
        status: servers.status,
      })
      .from(servers)
      .where(
        and(
          eq(servers.panelKey, key),
          isNotNull(servers.panelServerId),
          notInArray(servers.status, ['deleting', 'updating']),
        ),
      );
    const listed = await this.panel.use((p) => p.listServers());
    const byPanelId = new Map(listed.map((s) => [s.panelId, s]));
    let changed = 0;
    for (const r of rows) {
      const found = byPanelId.get(r.panelServerId as number);
      const status = found && isOwnServer(found, r) ? found.status : MISSING;
      if (await this.onPanel.record(r, status)) changed += 1;
    }
    return changed;
  }

  /** Asks about the installing servers that are due (see installLookDue); resolves with how many were asked about. */
  async refreshInstalling(key: string, now: Date): Promise<number> {
    const installing = await this.db
      .select({
        id: servers.id,
        panelServerId: servers.panelServerId,
        panelKey: servers.panelKey,
        externalId: servers.externalId,
        status: servers.status,
        createdAt: servers.createdAt,
      })
      .from(servers)
      .where(and(eq(servers.status, 'installing'), eq(servers.panelKey, key), isNotNull(servers.panelServerId)))
      .orderBy(desc(servers.createdAt))
      .limit(SCAN);
    const t = now.getTime();
    const ids = new Set(installing.map((s) => s.id));
    for (const id of this.lastLook.keys()) if (!ids.has(id)) this.lastLook.delete(id);
    const last = (s: (typeof installing)[number]) => this.lastLook.get(s.id) ?? s.createdAt.getTime();
    const due = installing
      .filter((s) => installLookDue(s.createdAt.getTime(), this.lastLook.get(s.id), t))
      .sort((a, b) => last(a) - last(b))
      .slice(0, LOOKS_PER_PASS);
    for (const s of due) {
      this.lastLook.set(s.id, t);
      const status = await this.onPanel.status(s);
      if (status !== 'installing') await this.onPanel.record(s, status);
    }
    return due.length;
  }
}
