import type { FastifyBaseLogger } from 'fastify';
import type { BackupsService } from '../modules/backups/backups.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { PeriodicWorker } from './periodic-worker.ts';

/**
 * Scheduled backups: every pass starts one when the last scheduled backup is `backup_schedule_hours`
 * old (0: off), then deletes completed scheduled backups beyond `backup_retention_count`.
 * Safe with several instances: the due check and the start happen under one advisory lock
 * (BackupsService.create), and a pruned row is deleted by exactly one of them.
 */
export class BackupScheduleWorker extends PeriodicWorker<string | null> {
  constructor(
    private readonly backups: BackupsService,
    private readonly settings: SettingsService,
    log: FastifyBaseLogger,
  ) {
    super('backup-schedule', log, 60_000);
  }

  protected work(): Promise<string | null> {
    return this.tick();
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

  override async stop(): Promise<void> {
    await super.stop();
    await this.backups.whenIdle();
  }
}
