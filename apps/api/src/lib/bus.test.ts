import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadUntilDone } from './bus.ts';

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
