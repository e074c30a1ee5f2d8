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
}

/** The in-process bus loses nothing; `missed()` stands for a reconnect in tests. */
export interface LocalBus extends Bus {
  missed(): void;
}

export function localBus(): LocalBus {
  const emitter = new EventEmitter();
  const subscribers: Subscriber[] = [];
  return {
    publish: async (channel, message) => {
      emitter.emit(channel, message);
    },
    subscribe: (channel, subscriber) => {
      emitter.on(channel, (message: string) => subscriber.message(message));
      subscribers.push(subscriber);
    },
    missed: () => {
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

/** `name` is the subscriber connection's client name in Redis (CLIENT LIST), e.g. for a test. */
export function redisBus(url: string, name = 'hostdeck-bus'): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, connectionName: name });
  const subscribers = new Map<string, Subscriber[]>();
  sub.on('message', (channel: string, message: string) => {
    for (const s of subscribers.get(channel) ?? []) s.message(message);
  });
  // ioredis subscribes again by itself after a reconnect; what was published in between is gone.
  // Once our own SUBSCRIBE is answered (Redis answers in order, so ioredis's came first) every
  // channel listens again, and each subscriber catches up from the database.
  let lost = false;
  sub.on('close', () => {
    lost = true;
  });
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    const channels = [...subscribers.keys()];
    void (channels.length ? sub.subscribe(...channels) : Promise.resolve()).then(
      () => {
        for (const list of subscribers.values()) for (const s of list) s.missed();
      },
      () => undefined, // lost again before it answered: the next 'ready' does this
    );
  });
  return {
    publish: async (channel, message) => {
      await pub.publish(channel, message);
    },
    subscribe: (channel, subscriber) => {
      const list = subscribers.get(channel) ?? [];
      // Refused only when Redis stays away; the reconnect's 'ready' subscribes every channel again.
      if (list.length === 0) sub.subscribe(channel).catch(() => undefined);
      list.push(subscriber);
      subscribers.set(channel, list);
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
