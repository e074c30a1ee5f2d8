import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Cache invalidation fan-out. In one process an EventEmitter; with REDIS_URL, Redis pub/sub so
 * that every instance drops its cached settings and sessions when any instance changes them.
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
  close(): Promise<void>;
}

export function localBus(): Bus {
  const emitter = new EventEmitter();
  return {
    publish: async (channel, message) => {
      emitter.emit(channel, message);
    },
    subscribe: (channel, handler) => {
      emitter.on(channel, handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export function redisBus(url: string): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const handlers = new Map<string, ((m: string) => void)[]>();
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) h(message);
  });
  return {
    publish: async (channel, message) => {
      await pub.publish(channel, message);
    },
    subscribe: (channel, handler) => {
      const list = handlers.get(channel) ?? [];
      if (list.length === 0) void sub.subscribe(channel);
      list.push(handler);
      handlers.set(channel, list);
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
