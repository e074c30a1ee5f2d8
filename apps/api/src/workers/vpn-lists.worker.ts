import type { FastifyBaseLogger } from 'fastify';
import { noWorkerMeter, type WorkerMeter } from '../lib/worker-meter.ts';
import type { VpnListStatus, VpnService } from '../modules/abuse/vpn.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

/**
 * Keeps the anti-VPN range table fresh: loads the lists at start, again every vpn_refresh_minutes,
 * and at once when the list setting changes. Each instance holds its own table (it is in memory).
 * A failed download keeps that list's previous copy (VpnService.refresh) and is logged.
 */
export class VpnListsWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<VpnListStatus | undefined>;
  private stopped = true;
  private lists = '';
  /** Counts passes and failures for /metrics (set by the app). */
  meter: WorkerMeter = noWorkerMeter;

  constructor(
    private readonly vpn: VpnService,
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
  ) {
    settings.onChange(() => {
      if (this.stopped || this.settings.string('vpn_block_lists') === this.lists) return;
      void this.tick();
    });
  }

  start(): void {
    this.stopped = false;
    void this.tick();
  }

  /** One refresh (shared with any refresh already running), then the next one is scheduled. */
  tick(): Promise<VpnListStatus | undefined> {
    this.running ??= (async () => {
      clearTimeout(this.timer);
      this.lists = this.settings.string('vpn_block_lists');
      this.meter.run('vpn-lists');
      try {
        const status = await this.vpn.refresh();
        this.log.info({ ranges: status.ranges, failed: status.failed.length }, 'VPN lists loaded');
        return status;
      } catch (err) {
        this.meter.fail('vpn-lists');
        this.log.error({ err }, 'VPN lists refresh failed; the previous table is kept');
        return undefined;
      } finally {
        this.running = undefined;
        this.schedule();
      }
    })();
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.settings.number('vpn_refresh_minutes') * 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
