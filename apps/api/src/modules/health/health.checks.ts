import { readFile, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { HealthState } from '@hostdeck/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox, serverQueue, workerHeartbeats } from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import { transportOptions } from '../../integrations/smtp/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { migrationsFolder } from '../../lib/paths.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** What one check found: its state, a reason code the client translates, and what to do. */
export interface Finding {
  state: HealthState;
  reason: string;
  action?: string | null;
  params?: Record<string, string | number>;
  detail?: string | null;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

export async function checkDatabase(db: Db): Promise<Finding> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
  } catch (err) {
    return { state: 'red', reason: 'database.down', action: 'database.check', detail: message(err) };
  }
  const ms = Math.round(performance.now() - started);
  // A round trip this slow means the database is overloaded or far away.
  if (ms > 500) return { state: 'amber', reason: 'database.slow', action: 'database.check', params: { ms } };
  return { state: 'green', reason: 'database.ok', params: { ms } };
}

export async function checkRedis(url: string, timeoutMs: number): Promise<Finding> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {}); // reported through the ping below
  const started = performance.now();
  try {
    await client.connect();
    await client.ping();
    return { state: 'green', reason: 'redis.ok', params: { ms: Math.round(performance.now() - started) } };
  } catch (err) {
    return { state: 'red', reason: 'redis.down', action: 'redis.check', detail: message(err) };
  } finally {
    client.disconnect();
  }
}

export async function checkPanel(panel: PanelService): Promise<Finding> {
  const kind = panel.kind();
  if (kind === null) return { state: 'amber', reason: 'panel.not_configured', action: 'panel.configure' };
  if (kind === 'simulated') return { state: 'green', reason: 'panel.simulated', action: 'panel.configure' };
  try {
    const report = await panel.use((p) => p.test());
    return { state: 'green', reason: 'panel.ok', params: { ms: report.latencyMs } };
  } catch (err) {
    if (err instanceof AppError && err.code === 'PANEL_AUTH_FAILED')
      return { state: 'red', reason: 'panel.auth_failed', action: 'panel.key', detail: message(err) };
    // Pterodactyl chosen, Pelican found (or the other way round): the setting is wrong, not the panel.
    if (err instanceof AppError && err.code === 'PANEL_FLAVOUR_MISMATCH')
      return { state: 'red', reason: 'panel.flavour_mismatch', action: 'panel.configure', detail: message(err) };
    return { state: 'red', reason: 'panel.unreachable', action: 'panel.reach', detail: message(err) };
  }
}

export async function checkSmtp(settings: SettingsService, timeoutMs: number): Promise<Finding> {
  if (!settings.string('smtp_host')) return { state: 'amber', reason: 'smtp.not_configured', action: 'smtp.configure' };
  const transport = nodemailer.createTransport(transportOptions(settings, timeoutMs));
  try {
    await transport.verify();
    return { state: 'green', reason: 'smtp.ok', params: { host: settings.string('smtp_host') } };
  } catch (err) {
    return {
      state: 'red',
      reason: 'smtp.unreachable',
      action: 'smtp.check',
      params: { host: settings.string('smtp_host') },
      detail: message(err),
    };
  } finally {
    transport.close();
  }
}

/** How often each worker beats (its start() default); older than three beats means it stopped. */
export const workerIntervals: Record<string, number> = { 'server-queue': 3_000, 'server-lifecycle': 30_000 };

export async function checkWorkers(db: Db, now = Date.now()): Promise<Finding> {
  const beats = await db.select().from(workerHeartbeats);
  const missing: string[] = [];
  const stale: string[] = [];
  for (const [name, interval] of Object.entries(workerIntervals)) {
    const beat = beats.find((b) => b.name === name);
    // A pass that builds servers may take a while before its next beat: never less than 30 s.
    if (!beat) missing.push(name);
    else if (now - beat.beatAt.getTime() > Math.max(3 * interval, 30_000)) stale.push(name);
  }
  if (stale.length)
    return { state: 'red', reason: 'workers.stale', action: 'workers.restart', params: { names: stale.join(', ') } };
  if (missing.length)
    return { state: 'amber', reason: 'workers.never', action: 'workers.start', params: { names: missing.join(', ') } };
  return { state: 'green', reason: 'workers.ok' };
}

/** Pending server requests past this many mean the queue is not keeping up. */
export const QUEUE_DEPTH_AMBER = 100;

export async function checkQueue(db: Db): Promise<Finding> {
  const [row] = await db.select({ n: count() }).from(serverQueue).where(eq(serverQueue.status, 'pending'));
  const depth = Number(row?.n ?? 0);
  if (depth > QUEUE_DEPTH_AMBER)
    return { state: 'amber', reason: 'queue.deep', action: 'queue.look', params: { depth } };
  return { state: 'green', reason: 'queue.ok', params: { depth } };
}

export async function checkOutbox(db: Db): Promise<Finding> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
  const failed = Number(row?.n ?? 0);
  if (failed > 0) return { state: 'amber', reason: 'outbox.failed', action: 'outbox.retry', params: { count: failed } };
  return { state: 'green', reason: 'outbox.ok' };
}

export type StatFs = (path: string) => Promise<{ bavail: number; blocks: number; bsize: number }>;

export async function checkDisk(dataDir: string, stat: StatFs = statfs): Promise<Finding> {
  const s = await stat(dataDir);
  const percent = s.blocks > 0 ? (s.bavail / s.blocks) * 100 : 0;
  const params = { percent: Math.round(percent * 10) / 10, free_mb: Math.floor((s.bavail * s.bsize) / 1_048_576) };
  if (percent < 2) return { state: 'red', reason: 'disk.critical', action: 'disk.free', params };
  if (percent < 10) return { state: 'amber', reason: 'disk.low', action: 'disk.free', params };
  return { state: 'green', reason: 'disk.ok', params };
}

/** Compares the migrations this build ships (drizzle's journal) with those the database has applied. */
export async function checkMigrations(db: Db, folder = migrationsFolder): Promise<Finding> {
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = Number((result as unknown as { rows: { last: string }[] }).rows[0]?.last ?? 0);
  // drizzle applies every journal entry newer than the last one it recorded.
  const pending = journal.entries.filter((e) => e.when > last);
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  if (pending.length)
    return {
      state: 'red',
      reason: 'migrations.pending',
      action: 'migrations.apply',
      params: { count: pending.length, first: pending[0]!.tag },
    };
  if (last > newest) return { state: 'amber', reason: 'migrations.newer', action: 'migrations.upgrade' };
  return { state: 'green', reason: 'migrations.ok', params: { count: journal.entries.length } };
}
