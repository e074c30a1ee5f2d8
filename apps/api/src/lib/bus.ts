import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * What a subscriber does with the bus: each message, and `missed` when messages may have been lost
 * (the Redis subscriber connection dropped and is listening again). A cache reloads or drops
 * everything it holds on `missed`, since a change published while it was away would otherwise never
 * reach it; both are required so that no subscriber can forget the second.
 */
export interface Subscriber {
  message(message: string): void;
  missed(): void;
}

/**
 * Cache invalidation fan-out. In one process an EventEmitter; with REDIS_URL, Redis pub/sub so
 * that every instance drops its cached settings and sessions when any instance changes them.
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, subscriber: Subscriber): void;
  close(): Promise<void>;
  /** Times this instance's subscribers caught up (`missed`), and messages it could not send (/metrics). */
  readonly stats: BusStats;
}

export interface BusStats {
  catchUps: number;
  unsent: number;
  /**
   * Whether every message published now reaches this instance: always on the in-process bus; with
   * Redis, from the moment its SUBSCRIBE is answered until the subscriber connection closes. While it
   * is false, caches that must see other instances' changes at once (sessions, bans) ask the database.
   */
  listening: boolean;
}

/** The in-process bus loses nothing; `missed()` stands for a reconnect in tests. */
export interface LocalBus extends Bus {
  missed(): void;
}

export function localBus(): LocalBus {
  const emitter = new EventEmitter();
  const subscribers: Subscriber[] = [];
  const stats: BusStats = { catchUps: 0, unsent: 0, listening: true };
  return {
    stats,
    publish: async (channel, message) => {
      emitter.emit(channel, message);
    },
    subscribe: (channel, subscriber) => {
      emitter.on(channel, (message: string) => subscriber.message(message));
      subscribers.push(subscriber);
    },
    missed: () => {
      stats.catchUps++;
      for (const s of subscribers) s.missed();
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Runs a reload a bus event asked for and, while it fails (the database away for a moment), again
 * with a growing delay up to 30 s: one failed read must not leave an instance on old data for good,
 * nor end the process as an unhandled rejection.
 */
export function reloadUntilDone(reload: () => Promise<unknown>, delayMs = 500): void {
  reload().catch(() => {
    setTimeout(() => reloadUntilDone(reload, Math.min(delayMs * 2, 30_000)), delayMs).unref();
  });
}

/**
 * Reads of the same rows that may finish out of order (two bus messages close together, on a pool of
 * connections): a read is applied only if no read that started after it has been applied already, so
 * an older answer arriving last cannot put back what a newer one replaced.
 */
export class NewestRead {
  private started = 0;
  private applied = 0;

  /** Call before reading; once the rows are in, the returned check says whether to apply them. */
  begin(): () => boolean {
    const read = ++this.started;
    return () => {
      if (read < this.applied) return false;
      this.applied = read;
      return true;
    };
  }
}

export interface RedisBusOptions {
  /** The subscriber connection's client name in Redis (CLIENT LIST), e.g. for a test. */
  name?: string;
  /** Put before every channel's name: buses with different prefixes never hear each other (tests). */
  prefix?: string;
  /** Told when a message could not be sent (Redis away; the change it announced is committed) and when the subscribers catch up. */
  log?: { warn(obj: object, msg: string): void };
}

/** Asks every instance to run its subscribers' `missed`: a message of this one's could not be sent. */
const CATCH_UP_CHANNEL = 'hostdeck:bus:catch-up';

export function redisBus(url: string, options: RedisBusOptions = {}): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    connectionName: options.name ?? 'hostdeck-bus',
  });
  // Connection errors are what reconnects are for; a message that fails is reported through `log`.
  for (const connection of [pub, sub]) connection.on('error', () => undefined);
  const prefix = options.prefix ?? '';
  const catchUpChannel = prefix + CATCH_UP_CHANNEL;
  const subscribers = new Map<string, Subscriber[]>();
  const stats: BusStats = { catchUps: 0, unsent: 0, listening: false };
  const catchUp = (why: string) => {
    stats.catchUps++;
    options.log?.warn({ why }, 'bus messages may have been lost: every cached copy is read again');
    for (const list of subscribers.values()) for (const s of list) s.missed();
  };
  sub.on('message', (channel: string, message: string) => {
    if (channel === catchUpChannel) return catchUp('an instance could not send while Redis was away');
    for (const s of subscribers.get(channel.slice(prefix.length)) ?? []) s.message(message);
  });
  const listen = (channels: string[]) => sub.subscribe(catchUpChannel, ...channels.map((c) => prefix + c));

  // ioredis subscribes again by itself after a reconnect; what was published in between is gone.
  // Once our own SUBSCRIBE is answered (Redis answers in order, so ioredis's came first) every
  // channel listens again, and each subscriber catches up from the database. From the close until
  // then, `listening` is false.
  let lost = false;
  const listening = () => {
    if (!lost) stats.listening = true; // not if the connection closed again meanwhile
  };
  // Refused only when Redis stays away; the reconnect's 'ready' subscribes every channel again.
  listen([]).then(listening, () => undefined);
  sub.on('close', () => {
    lost = true;
    stats.listening = false;
  });
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    listen([...subscribers.keys()]).then(
      () => {
        listening();
        catchUp('this instance lost its Redis subscription');
      },
      () => undefined, // lost again: the next 'ready' does it
    );
  });

  // A message that could not be sent is not sent late (an AFK claim would be stale by then): once
  // this instance reaches Redis again it asks every instance to catch up instead. The caller is not
  // failed: the change it announces is committed, and a 500 would tell the member it was not.
  let unsent = false;
  pub.on('ready', () => {
    if (!unsent) return;
    unsent = false;
    pub.publish(catchUpChannel, '').catch(() => {
      unsent = true;
    });
  });
  return {
    stats,
    publish: async (channel, message) => {
      try {
        await pub.publish(prefix + channel, message);
      } catch (err) {
        unsent = true;
        stats.unsent++;
        options.log?.warn({ err, channel }, 'bus message not sent; every instance catches up once Redis is back');
      }
    },
    subscribe: (channel, subscriber) => {
      const list = subscribers.get(channel) ?? [];
      if (list.length === 0) listen([channel]).catch(() => undefined);
      list.push(subscriber);
      subscribers.set(channel, list);
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
