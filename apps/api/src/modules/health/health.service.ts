import { APP_VERSION, type HealthCheck, type HealthReport, type HealthState } from '@hostdeck/contracts';
import type { AppContext } from '../../context.ts';
import { checkVpnLists } from '../abuse/vpn-health.ts';
import { checkPlugins } from '../plugins/plugins.health.ts';
import {
  checkDatabase,
  checkDisk,
  checkMigrations,
  checkOutbox,
  checkPanel,
  checkQueue,
  checkRedis,
  checkSmtp,
  checkWorkers,
  type Finding,
  type StatFs,
} from './health.checks.ts';

const rank: Record<HealthState, number> = { green: 0, amber: 1, red: 2 };

export interface HealthOptions {
  /** How long one check may take before it counts as red (default 5 s). */
  timeoutMs?: number;
  /** Disk statistics of the data directory (tests hand in their own numbers). */
  statfs?: StatFs;
  /** Where drizzle's migrations are (tests point it at a journal of their own). */
  migrationsFolder?: string;
}

/**
 * Runs every check at once, each under its own timeout, so one slow dependency (a panel that does not
 * answer, an SMTP server that drops packets) makes its own line red instead of hanging the page.
 */
export class HealthService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config' | 'panel' | 'settings' | 'vpn' | 'plugins'>,
    private readonly options: HealthOptions = {},
  ) {}

  async report(): Promise<HealthReport> {
    const timeoutMs = this.options.timeoutMs ?? 5_000;
    const { db, config, panel, settings } = this.ctx;
    const checks: [string, () => Promise<Finding>][] = [
      ['database', () => checkDatabase(db)],
      ...(config.redisUrl
        ? [['redis', () => checkRedis(config.redisUrl!, timeoutMs)] as [string, () => Promise<Finding>]]
        : []),
      ['panel', () => checkPanel(panel)],
      ['smtp', () => checkSmtp(settings, timeoutMs)],
      ['workers', () => checkWorkers(db)],
      ['queue', () => checkQueue(db)],
      ['outbox', () => checkOutbox(db)],
      ['disk', () => checkDisk(config.dataDir, this.options.statfs)],
      ['migrations', () => checkMigrations(db, this.options.migrationsFolder)],
      ['vpn', () => checkVpnLists(this.ctx.vpn)],
      ['plugins', () => checkPlugins(this.ctx.plugins)],
      [
        'version',
        async () => ({
          state: 'green',
          reason: 'version.ok',
          params: { version: APP_VERSION, node: process.versions.node },
        }),
      ],
    ];
    const results = await Promise.all(checks.map(([key, run]) => timed(key, run, timeoutMs)));
    const state = results.reduce<HealthState>((worst, c) => (rank[c.state] > rank[worst] ? c.state : worst), 'green');
    return { success: true, state, checked_at: new Date().toISOString(), checks: results };
  }
}

async function timed(key: string, run: () => Promise<Finding>, timeoutMs: number): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Finding>((resolve) => {
    timer = setTimeout(
      () => resolve({ state: 'red', reason: 'timeout', action: 'timeout', params: { seconds: timeoutMs / 1000 } }),
      timeoutMs,
    );
  });
  let finding: Finding;
  try {
    finding = await Promise.race([run(), timeout]);
  } catch (err) {
    finding = {
      state: 'red',
      reason: 'failed',
      action: null,
      detail: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
  return {
    key,
    state: finding.state,
    reason: finding.reason,
    action: finding.action ?? null,
    params: finding.params ?? {},
    detail: finding.detail ?? null,
    duration_ms: Math.round(performance.now() - started),
  };
}
