import type { FastifyBaseLogger } from 'fastify';
import { metered, noWorkerMeter, type WorkerMeter } from '../lib/worker-meter.ts';
import type { BackupsService } from '../modules/backups/backups.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

/**
 * Scheduled backups: every pass starts one when the last scheduled backup is `backup_schedule_hours`
 * old (0: off), then deletes completed scheduled backups beyond `backup_retention_count`.
 * Safe with several instances: the due check and the start happen under one advisory lock
 * (BackupsService.create), and a pruned row is deleted by exactly one of them.
 */
export class BackupScheduleWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  /** Counts passes and failures for /metrics (set by the app). */
  meter: WorkerMeter = noWorkerMeter;

  constructor(
    private readonly backups: BackupsService,
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => {
      this.running ??= metered(this.meter, 'backup-schedule', () => this.tick())
        .catch((err) => this.log.error({ err }, 'scheduled backup failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** One pass; returns the backup it started, if any (after it has finished). */
  async tick(): Promise<string | null> {
    const hours = this.settings.number('backup_schedule_hours');
    let started: string | null = null;
    if (hours > 0) {
      const backup = await this.backups.create(null, 'scheduled', hours);
      if (backup) {
        started = backup.id;
        await this.backups.whenIdle();
      }
    }
    await this.backups.prune(this.settings.number('backup_retention_count'));
    return started;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.backups.whenIdle();
  }
}
