import type { Plugin, PluginClientEntry, PluginDetail, PluginTranslations } from '@hostdeck/contracts';
import type { PluginContext, PluginEventName } from '@hostdeck/plugin-sdk';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pluginJobRuns, pluginOutbox, pluginSubscriptions, plugins } from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Bus, reloadUntilDone } from '../../lib/bus.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import { applyConfig, effectiveConfig, type StoredConfig, visibleConfig } from './plugins.config.ts';
import { baseContext, pluginCoins, pluginServers } from './plugins.context.ts';
import { discoverPlugins, type FoundPlugin, type PluginDirs } from './plugins.discovery.ts';
import { type LoadedPlugin, loadServerEntry } from './plugins.loader.ts';

/** Each hook's and route's time (a hanging one is abandoned and counted as failed). */
export const HOOK_TIMEOUT_MS = 5_000;
export const JOB_TIMEOUT_MS = 60_000;
/** Failures in a row that switch a plugin off. */
export const MAX_CONSECUTIVE_FAILURES = 5;
const OUTBOX_BATCH = 50;
const CHANNEL = 'plugins';

type Row = typeof plugins.$inferSelect;

interface Entry {
  found: FoundPlugin;
  row: Row | null;
  code: LoadedPlugin | null;
  /** Why the code could not be loaded (failed status). */
  loadError: string | null;
}

class Timeout extends Error {}

/**
 * A plugin route's deliberate error answer (the SDK's PluginError, from whichever copy of the SDK
 * the plugin imported): an answer, not a failure of the plugin.
 */
export function isPluginError(err: unknown): err is Error & { status: number; code: string } {
  return err instanceof Error && err.name === 'PluginError' && 'status' in err && 'code' in err;
}

/** Runs `work` with an abort signal that fires at `ms`; a late answer is ignored. */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Timeout(`Did not finish within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => work(controller.signal)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The plugins of this instance: found on disk, their state in the database (shared by every
 * instance through the bus), their code loaded while enabled, their hooks run from the outbox.
 */
export class PluginRegistry {
  private entries = new Map<string, Entry>();
  /** Events some enabled plugin hooks (emit is free for the others). */
  private subscribed = new Set<string>();
  private dispatching?: Promise<void>;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private ready?: Promise<void>;
  /** The last refresh asked for, per plugin: the next waits for it. */
  private readonly refreshing = new Map<string, Promise<void>>();
  /** Each hook's and route's time limit (tests shorten it). */
  hookTimeoutMs = HOOK_TIMEOUT_MS;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly appKey: string,
    private readonly panel: PanelService,
    private readonly sessions: SessionService,
    private readonly dirs: PluginDirs,
    /** Whether a member's earning is held for a staff review (anti-alt): a plugin's credit is earning too. */
    private readonly onHold: (userId: string) => Promise<boolean> = async () => false,
  ) {
    bus.subscribe(CHANNEL, {
      message: (identifier) => {
        void this.refresh(identifier).catch((err) =>
          this.log.error({ err, plugin: identifier }, 'plugin refresh failed'),
        );
      },
      missed: () => reloadUntilDone(() => this.catchUp()),
    });
  }

  /** Finds the plugins and loads the enabled ones (once; later calls wait for the first). */
  init(): Promise<void> {
    this.ready ??= this.scan();
    return this.ready;
  }

  /** Looks at the folders again: new plugins appear, removed ones go (staff's "rescan"). */
  async rescan(): Promise<void> {
    await this.init();
    await this.scan();
  }

  private async scan(): Promise<void> {
    const found = discoverPlugins(this.dirs);
    const rows = await this.db.select().from(plugins);
    const byId = new Map(rows.map((r) => [r.identifier, r]));
    const next = new Map<string, Entry>();
    for (const f of found) {
      const entry: Entry = { found: f, row: byId.get(f.identifier) ?? null, code: null, loadError: null };
      next.set(f.identifier, entry);
      await this.load(entry);
    }
    this.entries = next;
    await this.syncSubscriptions();
  }

  /** Loads (or drops) the code of one plugin as its row says. */
  private async load(entry: Entry): Promise<void> {
    entry.code = null;
    entry.loadError = null;
    if (!entry.row?.enabled || entry.found.problem || !entry.found.manifest) return;
    try {
      entry.code = await loadServerEntry(entry.found.dir, entry.found.manifest);
    } catch (err) {
      entry.loadError = (err as Error).message;
      this.log.error({ plugin: entry.found.identifier, err: entry.loadError }, 'plugin failed to load');
    }
  }

  /**
   * Re-reads one plugin's row (another instance changed it) and loads or drops its code, one read at
   * a time per plugin in the order asked: two switches announced close together could otherwise be
   * read on two connections and the older answer, arriving last, leave this instance with the plugin
   * on while it is off (or off, its events no longer recorded, while it is on).
   */
  private refresh(identifier: string): Promise<void> {
    const previous = this.refreshing.get(identifier) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.readRow(identifier));
    this.refreshing.set(identifier, next);
    const forget = () => {
      if (this.refreshing.get(identifier) === next) this.refreshing.delete(identifier);
    };
    next.then(forget, forget);
    return next;
  }

  /** Resolves once every refresh of the plugin asked for so far is done (tests). */
  async whenRefreshed(identifier: string): Promise<void> {
    await this.refreshing.get(identifier)?.catch(() => undefined);
  }

  private async readRow(identifier: string): Promise<void> {
    await this.init();
    const entry = this.entries.get(identifier);
    if (!entry) return;
    const [row] = await this.db.select().from(plugins).where(eq(plugins.identifier, identifier));
    const wasOn = Boolean(entry.code);
    entry.row = row ?? null;
    if (!wasOn || !row?.enabled || entry.loadError) await this.load(entry);
    this.recomputeSubscribed();
  }

  private running(
    entry: Entry,
  ): entry is Entry & { code: LoadedPlugin; found: { manifest: NonNullable<FoundPlugin['manifest']> } } {
    return Boolean(entry.code && entry.row?.enabled && entry.found.manifest);
  }

  private recomputeSubscribed(): void {
    this.subscribed = new Set(
      [...this.entries.values()].filter((e) => this.running(e)).flatMap((e) => Object.keys(e.code!.hooks)),
    );
  }

  /** plugin_subscriptions mirrors which events the running plugins hook (the ledger trigger reads it). */
  private async syncSubscriptions(): Promise<void> {
    this.recomputeSubscribed();
    const rows = [...this.entries.values()]
      .filter((e) => this.running(e))
      .flatMap((e) => Object.keys(e.code!.hooks).map((event) => ({ plugin: e.found.identifier, event })));
    await this.db.transaction(async (tx) => {
      await tx.delete(pluginSubscriptions);
      if (rows.length) await tx.insert(pluginSubscriptions).values(rows);
    });
  }

  private async changed(identifier: string): Promise<void> {
    await this.syncSubscriptions();
    await this.bus.publish(CHANNEL, identifier);
  }

  // ---- Staff ----

  private entry(identifier: string): Entry {
    const entry = this.entries.get(identifier);
    if (!entry) throw new AppError('NOT_FOUND', 'No plugin has this identifier');
    return entry;
  }

  private stored(entry: Entry): StoredConfig {
    return { config: entry.row?.config ?? {}, secrets: entry.row?.secrets ?? {} };
  }

  async list(): Promise<Plugin[]> {
    await this.fresh();
    return [...this.entries.values()].map((e) => this.present(e));
  }

  async detail(identifier: string): Promise<PluginDetail> {
    await this.fresh();
    const entry = this.entry(identifier);
    const fields = entry.found.manifest?.config ?? [];
    return { ...this.present(entry), config: fields, ...visibleConfig(fields, this.stored(entry)) };
  }

  async setEnabled(actor: Actor, identifier: string, enabled: boolean): Promise<PluginDetail> {
    await this.init();
    const entry = this.entry(identifier);
    if (enabled && entry.found.problem)
      throw new AppError('PLUGIN_NOT_LOADABLE', `This plugin cannot be enabled: ${entry.found.problem.error}`);
    const before = { enabled: entry.row?.enabled ?? false };
    entry.row = await this.upsert(identifier, {
      enabled,
      disabledReason: null,
      ...(enabled ? { failuresConsecutive: 0 } : {}),
    });
    await this.load(entry);
    if (enabled && entry.loadError) {
      entry.row = await this.upsert(identifier, { enabled: false, disabledReason: entry.loadError });
      await this.changed(identifier);
      throw new AppError('PLUGIN_NOT_LOADABLE', `This plugin cannot be enabled: ${entry.loadError}`);
    }
    await recordAudit(this.db, {
      actorId: actor.id,
      action: enabled ? 'plugin.enable' : 'plugin.disable',
      targetType: 'plugin',
      targetId: identifier,
      before,
      after: { enabled },
    });
    await this.changed(identifier);
    return this.detail(identifier);
  }

  async saveConfig(actor: Actor, identifier: string, values: Record<string, unknown>): Promise<PluginDetail> {
    await this.init();
    const entry = this.entry(identifier);
    if (!entry.found.manifest) throw new AppError('PLUGIN_NOT_LOADABLE', 'This plugin has no valid manifest');
    const fields = entry.found.manifest.config;
    const before = this.stored(entry);
    const next = applyConfig(fields, before, values, this.appKey);
    entry.row = await this.upsert(identifier, { config: next.config, secrets: next.secrets });
    const secretKeys = fields.filter((f) => f.type === 'secret').map((f) => f.key);
    const changedSecrets = secretKeys.filter((k) => before.secrets[k] !== next.secrets[k]);
    await recordAudit(this.db, {
      actorId: actor.id,
      action: 'plugin.configure',
      targetType: 'plugin',
      targetId: identifier,
      before: before.config,
      // Secrets are named, never written to the audit log.
      after: { ...next.config, ...(changedSecrets.length ? { secrets_changed: changedSecrets } : {}) },
    });
    await this.changed(identifier);
    return this.detail(identifier);
  }

  /**
   * What staff see is the database's, whichever instance answers: a switch made on another instance
   * whose bus message has not arrived (catchUp), and failures counted by any instance (only the one
   * that counted them held them, as switching a plugin off is the only failure that is announced).
   */
  private async fresh(): Promise<void> {
    await this.init();
    await this.catchUp();
    const counts = await this.db
      .select({
        identifier: plugins.identifier,
        failuresTotal: plugins.failuresTotal,
        failuresConsecutive: plugins.failuresConsecutive,
        lastError: plugins.lastError,
        lastFailureAt: plugins.lastFailureAt,
      })
      .from(plugins);
    for (const { identifier, ...failures } of counts) {
      const entry = this.entries.get(identifier);
      // Only the counts: the switch and its code are catchUp's, which loads the code with the row.
      if (entry?.row) entry.row = { ...entry.row, ...failures };
    }
  }

  private async upsert(identifier: string, set: Partial<typeof plugins.$inferInsert>): Promise<Row> {
    const [row] = await this.db
      .insert(plugins)
      .values({ identifier, ...set })
      .onConflictDoUpdate({ target: plugins.identifier, set: { ...set, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** Every permission the installed plugins add (the role editor shows them). */
  async permissions() {
    await this.init();
    return [...this.entries.values()].flatMap((e) =>
      (e.found.manifest?.permissions ?? []).map((p) => ({
        key: p.key,
        description: p.description,
        plugin: e.found.identifier,
        plugin_name: e.found.manifest!.name,
        translations: permissionTexts(e.found.manifest!.translations, p.key),
      })),
    );
  }

  private present(e: Entry): Plugin {
    const m = e.found.manifest;
    const row = e.row;
    const status = e.found.problem
      ? e.found.problem.status
      : e.loadError || (!row?.enabled && row?.disabledReason)
        ? 'failed'
        : row?.enabled
          ? 'enabled'
          : 'disabled';
    return {
      identifier: e.found.identifier,
      name: m?.name ?? e.found.identifier,
      version: m?.version ?? null,
      description: m?.description ?? '',
      author: m?.author ?? '',
      homepage: m?.homepage ?? null,
      source: e.found.source,
      status,
      enabled: Boolean(row?.enabled) && status === 'enabled',
      error: e.found.problem?.error ?? e.loadError ?? row?.disabledReason ?? null,
      failures: {
        total: row?.failuresTotal ?? 0,
        consecutive: row?.failuresConsecutive ?? 0,
        last_error: row?.lastError ?? null,
        last_at: row?.lastFailureAt?.toISOString() ?? null,
      },
      hooks: Object.keys(e.code?.hooks ?? {}),
      routes: (e.code?.routes ?? []).map((r) => ({
        method: r.method,
        path: `/api/plugins/${e.found.identifier}${r.path === '/' ? '' : r.path}`,
        access: typeof r.access === 'string' ? r.access : `permission ${r.access.permission}`,
      })),
      jobs: (e.code?.jobs ?? []).map((j) => ({ name: j.name, every_seconds: j.everySeconds })),
      permissions: m?.permissions ?? [],
      translations: m?.translations ?? {},
      has_client: Boolean(m?.client || m?.style),
      config_fields: m?.config.length ?? 0,
      updated_at: row?.updatedAt?.toISOString() ?? null,
    };
  }

  // ---- Running plugins ----

  /** The running plugin's manifest, code and configuration, or null when it is not running. */
  runningPlugin(identifier: string) {
    const entry = this.entries.get(identifier);
    if (!entry || !this.running(entry)) return null;
    return {
      manifest: entry.found.manifest,
      dir: entry.found.dir,
      code: entry.code,
      config: () => effectiveConfig(entry.found.manifest.config, this.stored(entry), this.appKey),
    };
  }

  /** The enabled plugins with a client part, for the browser. */
  clientEntries(): PluginClientEntry[] {
    return [...this.entries.values()]
      .filter((e) => this.running(e) && (e.found.manifest!.client || e.found.manifest!.style))
      .map((e) => {
        const m = e.found.manifest!;
        const base = `/api/plugins/${m.identifier}`;
        return {
          identifier: m.identifier,
          version: m.version,
          script: m.client ? `${base}/client.js?v=${encodeURIComponent(m.version)}` : null,
          style: m.style ? `${base}/client.css?v=${encodeURIComponent(m.version)}` : null,
        };
      });
  }

  /** A context for one run of the plugin's code (a hook, a job or a route). */
  context(
    identifier: string,
    signal: AbortSignal,
  ): PluginContext & { coins: ReturnType<typeof pluginCoins>; servers: ReturnType<typeof pluginServers> } {
    const p = this.runningPlugin(identifier);
    if (!p) throw new AppError('NOT_FOUND', 'This plugin is not enabled');
    return {
      ...baseContext(this.db, this.log, { identifier, version: p.manifest.version }, p.config(), signal),
      coins: pluginCoins(this.db, identifier, (userId) => this.sessions.invalidateUser(userId), this.onHold),
      servers: pluginServers(this.db, this.panel),
    };
  }

  /**
   * Runs one piece of a plugin's code with its time limit, counting the outcome: a failure is
   * logged with the plugin's name, and after MAX_CONSECUTIVE_FAILURES in a row the plugin is
   * switched off with the reason shown to staff.
   */
  async run<T>(identifier: string, what: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      const result = await withTimeout(ms, work);
      const entry = this.entries.get(identifier);
      if (entry?.row && entry.row.failuresConsecutive > 0) {
        entry.row = await this.upsert(identifier, { failuresConsecutive: 0 });
      }
      return result;
    } catch (err) {
      if (!isPluginError(err)) await this.failed(identifier, what, err);
      throw err;
    }
  }

  private async failed(identifier: string, what: string, err: unknown): Promise<void> {
    const message = `${what}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
    this.log.error({ plugin: identifier, err: message }, 'plugin failed');
    const [row] = await this.db
      .update(plugins)
      .set({
        failuresTotal: sql`${plugins.failuresTotal} + 1`,
        failuresConsecutive: sql`${plugins.failuresConsecutive} + 1`,
        lastError: message,
        lastFailureAt: new Date(),
      })
      .where(eq(plugins.identifier, identifier))
      .returning();
    const entry = this.entries.get(identifier);
    if (!row || !entry) return;
    entry.row = row;
    if (row.enabled && row.failuresConsecutive >= MAX_CONSECUTIVE_FAILURES) {
      const reason = `Switched off after ${row.failuresConsecutive} failures in a row. Last: ${message}`;
      entry.row = await this.upsert(identifier, { enabled: false, disabledReason: reason });
      entry.code = null;
      this.log.warn({ plugin: identifier, reason }, 'plugin switched off');
      await recordAudit(this.db, {
        actorId: null,
        action: 'plugin.disable',
        targetType: 'plugin',
        targetId: identifier,
        before: { enabled: true },
        after: { enabled: false, reason },
      });
      await this.changed(identifier);
    }
  }

  // ---- Events ----

  /**
   * Records an event for the plugins that hook it, in the caller's transaction when given (so it
   * exists only if the change commits). Nothing is written when no enabled plugin listens. The
   * hooks run later, off the request's path.
   */
  async emit<E extends PluginEventName>(name: E, data: unknown, tx: Db = this.db): Promise<void> {
    if (!this.subscribed.has(name)) return;
    await tx.insert(pluginOutbox).values({ event: name, data });
    if (tx === this.db) this.kick();
  }

  /** Starts a dispatch pass soon (one at a time; a request during a pass runs another after it). */
  kick(): void {
    if (this.dispatching) {
      this.again = true;
      return;
    }
    this.dispatching = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.dispatch())
      .catch((err) => this.log.error({ err }, 'plugin event dispatch failed'))
      .finally(() => {
        this.dispatching = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Runs every waiting event's hooks (tests and shutdown wait for this). */
  async drain(): Promise<void> {
    await this.init();
    while (this.dispatching) await this.dispatching;
    await this.dispatch();
  }

  private async dispatch(): Promise<void> {
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const ids = tx
          .select({ id: pluginOutbox.id })
          .from(pluginOutbox)
          .orderBy(pluginOutbox.id)
          .limit(OUTBOX_BATCH)
          .for('update', { skipLocked: true });
        return tx.delete(pluginOutbox).where(inArray(pluginOutbox.id, ids)).returning();
      });
      if (batch.length > 0) await this.catchUp();
      batch.sort((a, b) => a.id - b.id);
      for (const event of batch) await this.deliver(event);
      if (batch.length < OUTBOX_BATCH) return;
    }
  }

  /**
   * Brings this instance's plugins up to the database before it runs hooks. The bus tells every
   * instance of a switch on or off, but an instance may take an event before that message reaches it:
   * an event is written only once its plugin's switch-on has committed, so reading the rows after
   * claiming the events is enough for the hooks to run (or stop) exactly as the database says.
   */
  private async catchUp(): Promise<void> {
    const rows = await this.db
      .select({ identifier: plugins.identifier, enabled: plugins.enabled, updatedAt: plugins.updatedAt })
      .from(plugins);
    for (const r of rows) {
      const known = this.entries.get(r.identifier)?.row;
      if (known && known.enabled === r.enabled && known.updatedAt.getTime() === r.updatedAt.getTime()) continue;
      if (this.entries.has(r.identifier)) await this.refresh(r.identifier);
    }
  }

  private async deliver(event: typeof pluginOutbox.$inferSelect): Promise<void> {
    const name = event.event as PluginEventName;
    const payload = Object.freeze({ id: event.eventId, name, at: event.createdAt.toISOString(), data: event.data });
    const targets = [...this.entries.values()].filter((e) => this.running(e) && e.code!.hooks[name]);
    await Promise.all(
      targets.map(async (e) => {
        const id = e.found.identifier;
        // Switched off meanwhile (here or on another instance): the hook does not run.
        if (!this.running(e)) return;
        const hook = e.code!.hooks[name]!;
        await this.run(id, `hook ${name}`, this.hookTimeoutMs, (signal) =>
          Promise.resolve(
            hook(
              payload as never,
              baseContext(
                this.db,
                this.log,
                { identifier: id, version: e.found.manifest!.version },
                this.runningPlugin(id)!.config(),
                signal,
              ) as never,
            ),
          ),
        ).catch(() => {});
      }),
    );
  }

  // ---- Jobs ----

  /** One pass over the jobs of the running plugins: each due job is claimed by one instance and run. */
  async runDueJobs(now = new Date()): Promise<number> {
    await this.init();
    let ran = 0;
    for (const e of this.entries.values()) {
      if (!this.running(e)) continue;
      const id = e.found.identifier;
      for (const job of e.code.jobs) {
        await this.db.insert(pluginJobRuns).values({ plugin: id, job: job.name, nextRunAt: now }).onConflictDoNothing();
        const [claimed] = await this.db
          .update(pluginJobRuns)
          .set({ nextRunAt: new Date(now.getTime() + job.everySeconds * 1000) })
          .where(and(eq(pluginJobRuns.plugin, id), eq(pluginJobRuns.job, job.name), lte(pluginJobRuns.nextRunAt, now)))
          .returning();
        if (!claimed) continue;
        ran += 1;
        await this.run(id, `job ${job.name}`, JOB_TIMEOUT_MS, (signal) =>
          Promise.resolve(job.run(this.context(id, signal))),
        ).catch(() => {});
      }
    }
    return ran;
  }

  /** Starts the outbox poll (events written inside transactions, or on another instance) and the job pass. */
  start(): void {
    this.timers.push(
      setInterval(() => this.kick(), 1_000),
      setInterval(() => void this.runDueJobs().catch((err) => this.log.error({ err }, 'plugin jobs failed')), 15_000),
    );
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.dispatching;
  }
}

/** Of a plugin's translations, what the role editor shows beside one permission: the plugin's name and its description. */
function permissionTexts(translations: PluginTranslations, key: string): PluginTranslations {
  return Object.fromEntries(
    Object.entries(translations).map(([language, t]) => [
      language,
      {
        ...(t?.name ? { name: t.name } : {}),
        ...(t?.permissions?.[key] ? { permissions: { [key]: t.permissions[key] } } : {}),
      },
    ]),
  );
}
