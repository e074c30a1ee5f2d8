import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from './timeout.ts';

describe('withTimeout', () => {
  it('answers what the work answers, value or error', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000, 'slow')).resolves.toBe(42);
    await expect(withTimeout(Promise.reject(new Error('refused')), 1000, 'slow')).rejects.toThrow('refused');
  });

  it('stops waiting for work that never answers', async () => {
    const never = new Promise<never>(() => undefined);
    const err = await withTimeout(never, 5, 'no answer').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('no answer');
  });
});
