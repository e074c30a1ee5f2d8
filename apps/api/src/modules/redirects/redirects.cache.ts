import { randomUUID } from 'node:crypto';
import { isReservedPathSegment } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import { redirectLinks } from '../../db/schema/index.ts';
import { type Bus, NewestRead, reloadUntilDone } from '../../lib/bus.ts';

const CHANNEL = 'hostdeck:redirect-links';

/**
 * name → address of every redirect link, in memory: the SPA fallback looks a path up here on every
 * page load, so it costs no query. Any instance that changes a link reloads and tells the others.
 */
export class RedirectCache {
  private links = new Map<string, string>();
  private readonly instanceId = randomUUID();
  private readonly reads = new NewestRead();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {
    bus.subscribe(CHANNEL, {
      message: (from) => {
        if (from !== this.instanceId) reloadUntilDone(() => this.reload());
      },
      missed: () => reloadUntilDone(() => this.reload()),
    });
  }

  async reload(): Promise<void> {
    const newest = this.reads.begin();
    const rows = await this.db.select({ name: redirectLinks.name, url: redirectLinks.url }).from(redirectLinks);
    if (newest()) this.links = new Map(rows.map((r) => [r.name, r.url]));
  }

  /** After a write has committed: reload here, then on every other instance. */
  async changed(): Promise<void> {
    await this.reload();
    await this.bus.publish(CHANNEL, this.instanceId);
  }

  /**
   * The address for a request path like `discord` or `Discord/`; null when it is not a single
   * segment, names a page of the panel (even if such a link was stored before that page existed), or
   * is no link.
   */
  target(path: string): string | null {
    const segment = path.replace(/\/$/, '').toLowerCase();
    if (!segment || segment.includes('/') || isReservedPathSegment(segment)) return null;
    return this.links.get(segment) ?? null;
  }
}
