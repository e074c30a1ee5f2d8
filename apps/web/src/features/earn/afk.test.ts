import { describe, expect, it } from 'vitest';
import { retryDelay, safeReturnPath } from './lost-connection-page.tsx';
import { type AfkState, afkReducer, initialAfkState } from './use-afk-socket.ts';

const base: AfkState = { ...initialAfkState, intervalStartedAt: 0 };

describe('the AFK page state', () => {
  it('starts earning on welcome (or capped when today is full), adds payouts, and restarts the countdown', () => {
    const welcome = {
      type: 'welcome',
      interval_seconds: 30,
      coins_per_interval: 2,
      daily_cap: 10,
      earned_today: 4,
    } as const;
    const s1 = afkReducer(base, welcome, 1000);
    expect(s1).toMatchObject({
      phase: 'earning',
      intervalSeconds: 30,
      dailyCap: 10,
      earnedToday: 4,
      intervalStartedAt: 1000,
    });
    expect(afkReducer(base, { ...welcome, earned_today: 10 }).phase).toBe('capped');
    const s2 = afkReducer(s1, { type: 'earned', amount: 2, balance: 52, earned_today: 6, minutes: 3 }, 31_000);
    const s3 = afkReducer(s2, { type: 'earned', amount: 2, balance: 54, earned_today: 8, minutes: 4 }, 61_000);
    expect(s3).toMatchObject({ earnedHere: 4, balance: 54, earnedToday: 8, minutes: 4, intervalStartedAt: 61_000 });
    expect(afkReducer(s3, { type: 'capped', earned_today: 10, daily_cap: 10 }).phase).toBe('capped');
    expect(afkReducer(s3, { type: 'taken_over' }).phase).toBe('taken_over');
    expect(afkReducer(s3, { type: 'disabled' }).phase).toBe('disabled');
  });
});

describe('the lost connection page', () => {
  it('goes back only to a path on this site', () => {
    expect(safeReturnPath('/earn/afk')).toBe('/earn/afk');
    expect(safeReturnPath('//evil.example/x')).toBe('/dashboard');
    expect(safeReturnPath('https://evil.example')).toBe('/dashboard');
    expect(safeReturnPath(null)).toBe('/dashboard');
  });
  it('waits longer after each failed try, at most 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2, 4, 8, 16, 30, 30]);
  });
});
