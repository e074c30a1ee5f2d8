import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relay } from '../../test/redis-relay.ts';
import { redisBus, reloadUntilDone } from './bus.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('reloadUntilDone', () => {
  it('tries again, with a growing delay, until the reload succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const reload = vi.fn(async () => {
      calls++;
      if (calls < 4) throw new Error('database away');
    });
    reloadUntilDone(reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).toHaveBeenCalledTimes(2); // the second wait is twice the first
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reload).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reload).toHaveBeenCalledTimes(4); // done: no more tries
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the Redis bus when Redis is away', () => {
  it('a message that could not be sent: the caller is not failed, and every instance catches up once it is back', async () => {
    const link = await relay(new URL(redisUrl as string));
    // A prefix of its own: the catch-up it asks for must not reach the other suites on this Redis.
    const prefix = `test-${randomUUID()}:`;
    const warned: string[] = [];
    const cut = redisBus(link.url(), { prefix, log: { warn: (_obj, msg) => warned.push(msg) } });
    const other = redisBus(redisUrl as string, { prefix });
    const heard: string[] = [];
    const missed = { cut: 0, other: 0 };
    cut.subscribe('news', { message: () => undefined, missed: () => missed.cut++ });
    other.subscribe('news', { message: (m) => heard.push(m), missed: () => missed.other++ });
    try {
      // Both listening: a message from one reaches the other.
      await expect
        .poll(async () => {
          await cut.publish('news', 'hello');
          return heard.includes('hello');
        })
        .toBe(true);

      await expect.poll(() => cut.stats.listening).toBe(true);
      await link.cut();
      await expect.poll(() => cut.stats.listening).toBe(false);
      await expect(cut.publish('news', 'lost')).resolves.toBeUndefined();
      expect(warned).toEqual(['bus message not sent; every instance catches up once Redis is back']);
      expect(cut.stats.unsent).toBe(1);
      expect(heard).not.toContain('lost');
      expect(missed.other).toBe(0);

      await link.restore();
      // The other instance never lost its connection: it catches up because the cut one asks it to.
      await expect.poll(() => missed.other, { timeout: 10_000 }).toBeGreaterThan(0);
      // The cut one catches up too once its own subscription is back (its sending connection may be first).
      await expect.poll(() => missed.cut, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(cut.stats.listening).toBe(true);
      expect(other.stats.listening).toBe(true);
      expect(other.stats.catchUps).toBe(missed.other);
      expect(warned.at(-1)).toBe('bus messages may have been lost: every cached copy is read again');
      expect(heard).not.toContain('lost'); // not sent late
    } finally {
      await Promise.all([cut.close(), other.close()] satisfies Promise<void>[]);
    }
  });
});
