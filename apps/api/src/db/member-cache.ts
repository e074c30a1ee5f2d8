import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Bus } from '../lib/bus.ts';

/** The channel migration 0024's triggers notify with a member's id ('*': every member). */
export const MEMBER_CHANNEL = 'hostdeck_member';
/** The bus channel one instance tells the others on (lib/bus.ts: Redis when configured). */
const BUS_CHANNEL = 'hostdeck:member';
/** A bound on how stale a read can be when a change reached no instance (a write by hand in psql). */
const TTL_MS = 30_000;
const MAX_MEMBERS = 10_000;
const MAX_READS_PER_MEMBER = 32;

interface Entry {
  /** Bumped by every change of this member: a read begun before it is not kept. */
  gen: number;
  /** A read's rows, or the read still running (the callers that come meanwhile wait for it). */
  reads: Map<string, { value: Promise<unknown>; until: number }>;
}

/**
 * A member's own rows (their servers, requests, free resources, balance and limits, ledger pages) kept
 * in memory between changes, so a member's pages make no query while nothing of theirs changed
 * (decision 0033). Every writer is seen: triggers on servers, server_queue, coin_ledger and users notify
 * the member's id in the writing transaction (migration 0024). The connection that commits receives
 * its own notification before the commit returns, so the writer's instance has dropped the entry
 * before it answers; it then tells the other instances over the bus. A read that began before a
 * change is never stored over it (generations). Reads inside a transaction never use it (the
 * transaction is another handle).
 */
export class MemberCache {
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;
  private readonly builds = new WeakMap<object, number>();
  private nextBuild = 0;
  private relay?: Bus;
  private readonly watchers = new Set<(userId: string) => void>();
  hits = 0;
  misses = 0;

  constructor(private readonly now: () => number = Date.now) {}

  read<T>(userId: string, build: object, values: unknown, load: () => Promise<T>): Promise<T> {
    const key = `${this.idOf(build)}:${JSON.stringify(values)}`;
    let entry = this.entries.get(userId);
    const slot = entry?.reads.get(key);
    // While the bus cannot hear other instances (Redis away) their changes would not drop the entry.
    if (slot && slot.until > this.now() && (this.relay?.stats.listening ?? true)) {
      this.hits++;
      return slot.value as Promise<T>;
    }
    this.misses++;
    if (!entry) {
      entry = { gen: 0, reads: new Map() };
      this.entries.set(userId, entry);
      if (this.entries.size > MAX_MEMBERS) this.entries.delete(this.entries.keys().next().value as string);
    }
    return this.load(userId, entry, key, load);
  }

  private async load<T>(userId: string, entry: Entry, key: string, load: () => Promise<T>): Promise<T> {
    const { epoch } = this;
    const gen = entry.gen;
    // One read at a time per key: 50 requests that miss together (a change, the 30 s bound) share it.
    // A change empties `reads`, so a request that comes after it starts a read of its own; so does one
    // that comes 30 s later if this read still hangs.
    const mine = { value: load().then(deepFreeze), until: this.now() + TTL_MS };
    if (entry.reads.size >= MAX_READS_PER_MEMBER) entry.reads.clear();
    entry.reads.set(key, mine);
    // Still the live slot of a live entry, and nothing of this member changed while it was read.
    const current = () =>
      this.epoch === epoch && entry.gen === gen && this.entries.get(userId) === entry && entry.reads.get(key) === mine;
    try {
      const value = await mine.value;
      if (current()) mine.until = this.now() + TTL_MS;
      return value;
    } catch (err) {
      if (current()) entry.reads.delete(key);
      throw err;
    }
  }

  /**
   * Calls `watcher` with the member's id (`*`: anyone's) whenever this cache drops a member: another
   * cache holding what the triggers cover (the session's balance and counts) follows the same changes.
   */
  watch(watcher: (userId: string) => void): void {
    this.watchers.add(watcher);
  }

  /** A member's rows changed (`*`: anyone's). */
  changed(userId: string): void {
    for (const watcher of this.watchers) watcher(userId);
    if (userId === '*') {
      this.epoch++;
      this.entries.clear();
      return;
    }
    const entry = this.entries.get(userId);
    if (entry) {
      entry.gen++;
      entry.reads.clear();
    }
  }

  /** Changes committed here reach the other instances through the bus, and theirs reach this one. */
  relayThrough(bus: Bus): void {
    this.relay = bus;
    bus.subscribe(BUS_CHANNEL, { message: (userId) => this.changed(userId), missed: () => this.changed('*') });
  }

  /** A notification this instance's own connection caused (the writer): drop, then tell the others. */
  ownChange(userId: string): void {
    this.changed(userId);
    void this.relay?.publish(BUS_CHANNEL, userId).catch(() => {});
  }

  private idOf(build: object): number {
    let id = this.builds.get(build);
    if (id === undefined) {
      id = this.nextBuild++;
      this.builds.set(build, id);
    }
    return id;
  }
}

/**
 * Every pool connection listens (pg-pool's `onConnect`, awaited before the connection is handed out; a
 * connection that cannot listen is not used): PostgreSQL hands a session its own notifications after
 * its commit and before it reports the commit done, so the writer has dropped the entry before it goes
 * on. A notification from another backend (another instance, the CLI) is dropped here too while a
 * connection happens to be open; the bus carries it otherwise.
 */
export function listenOnConnect(cache: MemberCache): (client: pg.PoolClient) => Promise<void> {
  return async (client) => {
    const own = client as pg.PoolClient & { processID?: number };
    client.on('notification', (n) => {
      if (n.channel !== MEMBER_CHANNEL || !n.payload) return;
      if (n.processId === own.processID) cache.ownChange(n.payload);
      else cache.changed(n.payload);
    });
    // A connection lost mid-commit may have committed without hearing its own notification.
    client.on('error', () => cache.changed('*'));
    await client.query(`LISTEN ${MEMBER_CHANNEL}`);
  };
}

/** The embedded database is one session in this process: every notification is its own. */
export async function listenOnPglite(client: PGlite, cache: MemberCache): Promise<void> {
  await client.listen(MEMBER_CHANNEL, (payload) => {
    if (payload) cache.changed(payload);
  });
}

const caches = new WeakMap<object, MemberCache>();

/** The cache of a database's own handle; a transaction's handle has none. */
export function attachMemberCache(db: object, cache: MemberCache): void {
  caches.set(db, cache);
}

export function memberCacheOf(db: object): MemberCache | undefined {
  return caches.get(db);
}

/** Cached values are shared by every request: a caller that changed one would change them all. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
