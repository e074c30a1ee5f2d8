import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AnalyticsDay,
  APP_VERSION,
  type DashboardOverview,
  type DashboardPremium,
  type DashboardRepository,
  type DashboardSupport,
  premiumFeatures,
} from '@hostdeck/contracts';
import { and, count, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { coinLedger, imageReports, serverQueue, servers, tickets, users } from '../../db/schema/index.ts';
import { apiRoot } from '../../lib/paths.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { checkLicense } from '../system/license.service.ts';

const DAYS = 30;
const DAY_MS = 86_400_000;
/** How long the closed days of the analytics are kept before they are counted again. */
export const CLOSED_DAYS_TTL_MS = 3_600_000;

/** The UTC days of the analytics window, oldest first, as YYYY-MM-DD. */
export function analyticsDays(now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: DAYS }, (_, i) => new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The data behind the admin dashboard widgets; each widget has its own call (and permission). */
export class DashboardService {
  constructor(
    private readonly database: Database,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.database.db;
  }

  async overview(): Promise<DashboardOverview> {
    const n = (table: PgTable, where?: SQL) =>
      this.db
        .select({ n: count() })
        .from(table)
        .where(where)
        .then(([r]) => Number(r?.n ?? 0));
    const [size, members, serverCount, queued, openTickets] = await Promise.all([
      this.database.size(),
      n(users),
      n(servers),
      n(serverQueue, inArray(serverQueue.status, ['pending', 'building'])),
      n(tickets, ne(tickets.status, 'closed')),
    ]);
    return {
      version: APP_VERSION,
      uptime_seconds: Math.floor(process.uptime()),
      database: { kind: this.database.kind, size_bytes: size },
      counts: { members, servers: serverCount, queued, open_tickets: openTickets },
    };
  }

  /**
   * Per-day activity over the last 30 UTC days (decision 0024). The 29 closed days do not change
   * (the ledger is append-only and every row is stamped when written), so they are counted once and
   * kept for CLOSED_DAYS_TTL_MS (or until the UTC day turns); today is counted on every call. Days
   * without rows are filled with zeros here rather than in SQL so both PostgreSQL versions read the
   * same simple queries.
   */
  async analytics(now = new Date()): Promise<AnalyticsDay[]> {
    const days = analyticsDays(now);
    const today = days[days.length - 1]!;
    const todayStart = new Date(`${today}T00:00:00.000Z`);
    const key = `${days[0]}/${today}`;
    let closed = this.closedDays;
    if (!closed || closed.key !== key || now.getTime() - closed.at > CLOSED_DAYS_TTL_MS) {
      closed = { key, at: now.getTime(), days: await this.perDay(new Date(`${days[0]}T00:00:00.000Z`), todayStart) };
      this.closedDays = closed;
    }
    const live = await this.perDay(todayStart);
    const zero = { signups: 0, servers: 0, tickets: 0, coins_earned: 0, coins_spent: 0 };
    return days.map((d) => ({ day: d, ...zero, ...(d === today ? live : closed.days).get(d) }));
  }

  private closedDays: { key: string; at: number; days: Map<string, Omit<AnalyticsDay, 'day'>> } | null = null;

  /**
   * Counts per UTC day from `from` (until `until`): each series a range of a created_at index (the
   * coin ledger's holds the amount too, so its lines are summed from the index alone), grouped by the
   * day's number since 1970: plain arithmetic per row rather than formatting a date per row.
   */
  private async perDay(from: Date, until?: Date): Promise<Map<string, Omit<AnalyticsDay, 'day'>>> {
    const day = (column: PgColumn) => sql<number>`floor(extract(epoch from ${column}) / 86400)::int`;
    const range = (column: PgColumn) => and(gte(column, from), until ? lt(column, until) : undefined);
    const count = (table: PgTable, column: PgColumn, where?: SQL) =>
      this.db
        .select({ day: day(column), n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(range(column), where))
        .groupBy(day(column));
    const [signups, created, opened, coins] = await Promise.all([
      count(users, users.createdAt),
      // Built requests, not live servers: a server deleted since still counts on the day it was made.
      count(serverQueue, serverQueue.updatedAt, eq(serverQueue.status, 'completed')),
      count(tickets, tickets.createdAt),
      this.db
        .select({
          day: day(coinLedger.createdAt),
          earned: sql<string>`coalesce(sum(${coinLedger.amount}) filter (where ${coinLedger.amount} > 0), 0)::text`,
          spent: sql<string>`coalesce(-sum(${coinLedger.amount}) filter (where ${coinLedger.amount} < 0), 0)::text`,
        })
        .from(coinLedger)
        .where(range(coinLedger.createdAt))
        .groupBy(day(coinLedger.createdAt)),
    ]);
    const out = new Map<string, Omit<AnalyticsDay, 'day'>>();
    const at = (n: number | string) => {
      const name = new Date(Number(n) * DAY_MS).toISOString().slice(0, 10);
      let row = out.get(name);
      if (!row) {
        row = { signups: 0, servers: 0, tickets: 0, coins_earned: 0, coins_spent: 0 };
        out.set(name, row);
      }
      return row;
    };
    for (const r of signups) at(r.day).signups = Number(r.n);
    for (const r of created) at(r.day).servers = Number(r.n);
    for (const r of opened) at(r.day).tickets = Number(r.n);
    for (const r of coins) Object.assign(at(r.day), { coins_earned: Number(r.earned), coins_spent: Number(r.spent) });
    return out;
  }

  async support(): Promise<DashboardSupport> {
    const rows = await this.db
      .select({ priority: tickets.priority, n: count() })
      .from(tickets)
      .where(ne(tickets.status, 'closed'))
      .groupBy(tickets.priority);
    const by_priority = { low: 0, medium: 0, high: 0, urgent: 0 };
    for (const r of rows) by_priority[r.priority] = Number(r.n);
    // From image_reports_status_created_idx.
    const [reports] = await this.db.select({ n: count() }).from(imageReports).where(eq(imageReports.status, 'pending'));
    return {
      open_total: rows.reduce((s, r) => s + Number(r.n), 0),
      by_priority,
      pending_image_reports: Number(reports?.n ?? 0),
    };
  }

  /** The license as the operator entered it: whether it is there, valid or expired, and what it unlocks. */
  premium(now = new Date()): DashboardPremium {
    const key = this.settings.string('license_key').trim();
    const publicKey = this.settings.string('license_public_key');
    const features = premiumFeatures.map((f) => ({ key: f, unlocked: checkLicense(key, publicKey, f, now) }));
    if (!key) return { state: 'none', licensee: null, expires_at: null, features };
    // checkLicense checks the signature; the payload is read only to say who holds it and until when.
    const payload = readPayload(key);
    if (!payload || !signatureHolds(key, publicKey, payload)) {
      return { state: 'invalid', licensee: null, expires_at: null, features };
    }
    const expired = Boolean(payload.expires_at && new Date(payload.expires_at) <= now);
    return {
      state: expired ? 'expired' : 'valid',
      licensee: payload.licensee ?? null,
      expires_at: payload.expires_at ?? null,
      features,
    };
  }

  repository(): DashboardRepository {
    const links: DashboardRepository['links'] = [
      { key: 'api_docs', url: '/api/docs' },
      { key: 'openapi', url: '/api/openapi.json' },
    ];
    const pkg = readRootPackage();
    const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    if (repo) links.unshift({ key: 'repository', url: repo.replace(/^git\+/, '').replace(/\.git$/, '') });
    if (pkg.homepage) links.unshift({ key: 'homepage', url: pkg.homepage });
    const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
    if (bugs) links.push({ key: 'issues', url: bugs });
    return { links };
  }
}

type Payload = { licensee?: string; expires_at?: string; features?: string[] };
function readPayload(key: string): Payload | null {
  try {
    const body = key.split('.')[0] ?? '';
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof data === 'object' && data ? (data as Payload) : null;
  } catch {
    return null;
  }
}

/** The signature matches the configured public key, whatever the expiry (checked as of the epoch). */
function signatureHolds(key: string, publicKey: string, payload: Payload): boolean {
  const feature = payload.features?.[0];
  return feature ? checkLicense(key, publicKey, feature, new Date(0)) : false;
}

interface RootPackage {
  homepage?: string;
  repository?: string | { url?: string };
  bugs?: string | { url?: string };
}
function readRootPackage(): RootPackage {
  try {
    return JSON.parse(readFileSync(join(apiRoot, '..', '..', 'package.json'), 'utf8')) as RootPackage;
  } catch {
    return {};
  }
}

/**
 * The release notes shipped with this build: the production bundle carries a copy in dist/ (see
 * build.mjs); from source it is the repository's CHANGELOG.md.
 */
export function readChangelog(): string | null {
  for (const file of [join(apiRoot, 'dist', 'CHANGELOG.md'), join(apiRoot, '..', '..', 'CHANGELOG.md')]) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}
