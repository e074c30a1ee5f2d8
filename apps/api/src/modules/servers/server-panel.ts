import { and, eq, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { servers } from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import type { HostingProvider, HostingServer } from '../../integrations/hosting/provider.ts';
import { PanelError } from '../../integrations/panel-api/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServerRow } from './servers.repo.ts';

/** What a panel call needs to know of a server record. */
export type PanelRecord = Pick<ServerRow, 'id' | 'panelServerId' | 'panelKey' | 'externalId' | 'status'>;

/** Shown to members for a record whose panel server is gone (404, or its id now holds another server). */
export const MISSING = 'missing';
/** Shown (never stored) for a record built on a panel Hostdeck no longer talks to. */
export const OTHER_PANEL = 'other_panel';

export const onOtherPanelError = () =>
  new AppError(
    'SERVER_ON_OTHER_PANEL',
    'This server was built on a game panel this site no longer uses, so it cannot be changed here; ask support to remove it',
  );
export const missingError = () =>
  new AppError(
    'SERVER_MISSING_ON_PANEL',
    'The game panel no longer has this server; delete it here to free its resources, or ask support',
  );

/** The panel's server under a record's id is the record's own: same external id (a rebuilt panel reuses ids). */
export function isOwnServer(current: HostingServer, record: Pick<PanelRecord, 'externalId'>): boolean {
  return record.externalId === null || current.externalId === record.externalId;
}

/** Rows the configured panel may be asked about: built on it, or never on a panel at all. */
export function ofPanel(key: string): SQL {
  return or(isNull(servers.panelServerId), eq(servers.panelKey, key)) as SQL;
}
/** Rows built on another panel than `key` (a missing key counts as another panel: it is never guessed). */
export function ofOtherPanel(key: string): SQL {
  // "< or >" rather than "<>": two ranges of servers_panel_server_idx, empty on a panel whose servers
  // are all on the configured panel, where "<>" reads every row (the lifecycle counts these each pass).
  return and(
    isNotNull(servers.panelServerId),
    or(isNull(servers.panelKey), lt(servers.panelKey, key), gt(servers.panelKey, key)),
  ) as SQL;
}

/**
 * The one way to call the panel about a server record (decision 0013). A record acts only on the
 * panel it was built on (its panel_key); before a write, the panel's server under the record's id
 * must still carry the record's external id, else the server counts as gone and is never touched.
 */
export class ServerPanel {
  constructor(
    private readonly db: Db,
    private readonly panel: PanelService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** True for a record built on a panel other than the configured one (only while one is configured). */
  elsewhere(s: Pick<PanelRecord, 'panelServerId' | 'panelKey'>): boolean {
    const key = this.panel.key();
    return key !== null && s.panelServerId !== null && s.panelKey !== key;
  }

  /** Refuses any panel call for a record of another panel. */
  assertHere(s: Pick<PanelRecord, 'panelServerId' | 'panelKey'>): void {
    if (this.elsewhere(s)) throw onOtherPanelError();
  }

  /** Refuses a member's change to a record of another panel, or of a server the panel no longer has. */
  assertActionable(s: PanelRecord): void {
    this.assertHere(s);
    if (s.status === MISSING) throw missingError();
  }

  /**
   * Runs a write (update, suspend, unsuspend, delete) on the record's panel server after checking it
   * is still the record's. 'none': the record has no panel server; 'gone': the panel no longer has it
   * (nothing was called); 'done': the call was made.
   */
  async write(s: PanelRecord, fn: (p: HostingProvider, panelId: number) => Promise<void>) {
    const panelId = s.panelServerId;
    if (panelId === null) return 'none' as const;
    this.assertHere(s);
    return this.panel.use(async (p) => {
      if (s.externalId !== null) {
        const current = await p.getServer(panelId);
        if (!current || !isOwnServer(current, s)) return 'gone' as const;
      }
      try {
        await fn(p, panelId);
      } catch (err) {
        if (err instanceof PanelError && err.kind === 'not_found') return 'gone' as const;
        throw err;
      }
      return 'done' as const;
    });
  }

  /** A read of the record's panel server: its status, or "missing" when the panel no longer has it. */
  async status(s: PanelRecord): Promise<string> {
    this.assertHere(s);
    const panelId = s.panelServerId as number;
    const current = await this.panel.use((p) => p.getServer(panelId));
    return current && isOwnServer(current, s) ? current.status : MISSING;
  }

  /**
   * Records a status read from the panel (only if the row still has the status it was read with),
   * logging once when a server goes missing or comes back. True when the row changed.
   */
  async record(s: Pick<PanelRecord, 'id' | 'panelServerId' | 'status'>, status: string): Promise<boolean> {
    if (status === s.status) return false;
    const [won] = await this.db
      .update(servers)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(servers.id, s.id), eq(servers.status, s.status)))
      .returning({ id: servers.id });
    if (won && status === MISSING)
      this.log?.warn(
        { server: s.id, panel_server_id: s.panelServerId },
        'server is gone on the panel (404 or another server under its id): marked missing',
      );
    if (won && s.status === MISSING)
      this.log?.info({ server: s.id, status }, 'server marked missing is on the panel again');
    return Boolean(won);
  }

  /** Marks a record missing after a write found its server gone (never one being deleted). */
  async markMissing(s: PanelRecord): Promise<void> {
    if (s.status !== 'deleting') await this.record(s, MISSING);
  }
}
