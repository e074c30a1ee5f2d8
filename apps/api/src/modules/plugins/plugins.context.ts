import type {
  PluginCoins,
  PluginContext,
  PluginFetch,
  PluginLogger,
  PluginServers,
  PluginStore,
} from '@hostdeck/plugin-sdk';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pluginKv, servers, users } from '../../db/schema/index.ts';
import type { PanelService } from '../../integrations/hosting/panel.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseError } from '../../lib/db-errors.ts';
import { moveCoins } from '../coins/ledger.ts';

/** Largest value a plugin may keep under one key (JSON, in bytes). */
export const STORE_VALUE_MAX = 64 * 1024;
const KEY_MAX = 200;
const FETCH_DEFAULT_MS = 5_000;
const FETCH_MAX_MS = 15_000;
const CREDIT_MAX = 1_000_000;

export function pluginLogger(log: FastifyBaseLogger, plugin: string): PluginLogger {
  const child = log.child({ plugin });
  return {
    debug: (m, d) => child.debug(d ?? {}, m),
    info: (m, d) => child.info(d ?? {}, m),
    warn: (m, d) => child.warn(d ?? {}, m),
    error: (m, d) => child.error(d ?? {}, m),
  };
}

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX)
    throw new Error(`Store keys are 1 to ${KEY_MAX} characters`);
}

/** The plugin's own rows of plugin_kv, and no one else's. */
export function pluginStore(db: Db, plugin: string): PluginStore {
  return {
    async get<T>(key: string) {
      checkKey(key);
      const [row] = await db
        .select({ value: pluginKv.value })
        .from(pluginKv)
        .where(and(eq(pluginKv.plugin, plugin), eq(pluginKv.key, key)));
      return row?.value as T | undefined;
    },
    async set(key, value) {
      checkKey(key);
      const json = JSON.stringify(value);
      if (json === undefined) throw new Error('Store values are JSON');
      if (Buffer.byteLength(json) > STORE_VALUE_MAX)
        throw new Error(`Store values are at most ${STORE_VALUE_MAX} bytes`);
      await db
        .insert(pluginKv)
        .values({ plugin, key, value: JSON.parse(json) })
        .onConflictDoUpdate({
          target: [pluginKv.plugin, pluginKv.key],
          set: { value: JSON.parse(json), updatedAt: new Date() },
        });
    },
    async delete(key) {
      checkKey(key);
      await db.delete(pluginKv).where(and(eq(pluginKv.plugin, plugin), eq(pluginKv.key, key)));
    },
    async list(prefix = '') {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ key: pluginKv.key })
        .from(pluginKv)
        .where(and(eq(pluginKv.plugin, plugin), like(pluginKv.key, `${escaped}%`)))
        .orderBy(pluginKv.key)
        .limit(1000);
      return rows.map((r) => r.key);
    },
  };
}

/** fetch bounded in time and to http(s); aborted with the hook when its time is up. */
export function pluginFetch(signal: AbortSignal): PluginFetch {
  return async (url, init = {}) => {
    const target = new URL(url);
    if (!/^https?:$/.test(target.protocol)) throw new Error('Plugins may fetch http and https addresses only');
    const ms = Math.min(init.timeoutMs ?? FETCH_DEFAULT_MS, FETCH_MAX_MS);
    const { timeoutMs: _, ...rest } = init;
    return fetch(target, { ...rest, redirect: 'manual', signal: AbortSignal.any([signal, AbortSignal.timeout(ms)]) });
  };
}

/**
 * Credits through the ledger (kind plugin, the plugin's identifier as reference), once per key. A
 * member held for review earns nothing here either (EARNING_ON_HOLD reaches the plugin's caller).
 */
export function pluginCoins(
  db: Db,
  plugin: string,
  credited: (userId: string) => Promise<void>,
  onHold: (userId: string) => Promise<boolean> = async () => false,
): PluginCoins {
  const balance = async (userId: string) => {
    const [row] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
    if (!row) throw new AppError('NOT_FOUND', 'No such member');
    return row.coins;
  };
  return {
    balance,
    async credit(userId, amount, { key, reason }) {
      if (!Number.isInteger(amount) || amount <= 0 || amount > CREDIT_MAX)
        throw new Error(`A credit is a whole number from 1 to ${CREDIT_MAX}`);
      checkKey(key);
      if (await onHold(userId))
        throw new AppError('EARNING_ON_HOLD', 'Your account is waiting for a staff review before it can earn coins');
      const idempotencyKey = `plugin:${plugin}:${key}`;
      try {
        const after = await db.transaction((tx) =>
          moveCoins(tx as unknown as Db, {
            userId,
            amount,
            kind: 'plugin',
            reason: String(reason).slice(0, 200),
            reference: plugin,
            idempotencyKey,
          }),
        );
        // The member's cached session holds the balance the top bar shows.
        await credited(userId);
        return { credited: true, balance: after };
      } catch (err) {
        // The key is unique in the ledger: the same credit again (even at the same moment) is refused there.
        if (databaseError(err)?.code === '23505') return { credited: false, balance: await balance(userId) };
        throw err;
      }
    },
  };
}

/** A member's servers: limits from Hostdeck, state from the hosting panel when it answers. */
export function pluginServers(db: Db, panel: PanelService): PluginServers {
  return {
    async ofMember(userId) {
      const rows = await db.select().from(servers).where(eq(servers.ownerId, userId)).orderBy(servers.createdAt);
      const provider = await panel.get().catch(() => null);
      return Promise.all(
        rows.map(async (s) => {
          const live =
            provider && s.panelServerId !== null ? await provider.getServer(s.panelServerId).catch(() => null) : null;
          return {
            id: s.id,
            name: s.name,
            status: s.status,
            limits: { memory: s.memory, disk: s.disk, cpu: s.cpu },
            panel_state: live?.status ?? null,
            // The Application API has no live figures; a provider that reports them fills this in.
            usage: null,
          };
        }),
      );
    },
  };
}

export function baseContext(
  db: Db,
  log: FastifyBaseLogger,
  plugin: { identifier: string; version: string },
  config: Record<string, unknown>,
  signal: AbortSignal,
): PluginContext {
  return {
    plugin,
    log: pluginLogger(log, plugin.identifier),
    config: Object.freeze({ ...config }),
    store: pluginStore(db, plugin.identifier),
    fetch: pluginFetch(signal),
    signal,
  };
}
