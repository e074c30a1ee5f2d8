import { PluginError, type PluginRoute } from '@hostdeck/plugin-sdk';
import { createTestContext } from '@hostdeck/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin, { addDays, nextStreak, rewardFor, statusAt } from '../server.js';

type Config = { base_reward?: number; streak_bonus?: number; streak_cap?: number };
const defaults: Config = { base_reward: 10, streak_bonus: 2, streak_cap: 7 };
const member = { id: 'u1', username: 'steve', role: 0, permissions: [] };

function route(method: string, path: string) {
  const r = plugin.routes?.find((x) => x.method === method && x.path === path) as PluginRoute<Config> | undefined;
  if (!r) throw new Error(`no route ${method} ${path}`);
  return r;
}

/** One member's view of the plugin: the same store and ledger across calls, like the panel's. */
function setup(config: Config = defaults, balance = 100) {
  const t = createTestContext<Config>({ config, member, balances: { u1: balance } });
  return {
    ...t,
    status: () => route('GET', '/status').handler(t.ctx) as Promise<Record<string, unknown>>,
    claim: () => route('POST', '/claim').handler(t.ctx) as Promise<Record<string, unknown>>,
  };
}

const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('streak maths', () => {
  it('pays the base on day one, adds the bonus per consecutive day and stops growing at the cap', () => {
    expect([1, 2, 3, 7, 8, 30].map((d) => rewardFor(d, defaults))).toEqual([10, 12, 14, 22, 22, 22]);
    expect(rewardFor(5, { base_reward: 50, streak_bonus: 0, streak_cap: 3 })).toBe(50);
    expect(rewardFor(5, { base_reward: 5, streak_bonus: 10, streak_cap: 3 })).toBe(25);
  });

  it('falls back to the defaults for missing or nonsense settings', () => {
    expect(rewardFor(3, {})).toBe(14);
    expect(rewardFor(3, { base_reward: Number.NaN, streak_cap: 0 })).toBe(10);
  });

  it('continues a streak claimed yesterday and restarts after a missed day (UTC days)', () => {
    expect(nextStreak(undefined, '2025-03-01')).toBe(1);
    expect(nextStreak({ last_day: '2025-02-28', streak: 4 }, '2025-03-01')).toBe(5);
    expect(nextStreak({ last_day: '2025-02-27', streak: 4 }, '2025-03-01')).toBe(1);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('reports the live streak, the next reward and when the next claim opens', () => {
    const now = new Date('2025-03-01T15:30:00Z');
    expect(statusAt(undefined, now, defaults)).toEqual({
      claimed_today: false,
      streak: 0,
      next_reward: 10,
      next_claim_at: '2025-03-01T00:00:00.000Z',
    });
    expect(statusAt({ last_day: '2025-03-01', streak: 3 }, now, defaults)).toEqual({
      claimed_today: true,
      streak: 3,
      next_reward: 16,
      next_claim_at: '2025-03-02T00:00:00.000Z',
    });
    expect(statusAt({ last_day: '2025-02-28', streak: 3 }, now, defaults)).toMatchObject({
      streak: 3,
      next_reward: 16,
    });
    expect(statusAt({ last_day: '2025-02-20', streak: 3 }, now, defaults)).toMatchObject({
      streak: 0,
      next_reward: 10,
    });
  });
});

describe('routes', () => {
  it('declare session access', () => {
    expect(plugin.routes?.map((r) => [r.method, r.path, r.access])).toEqual([
      ['GET', '/status', 'session'],
      ['POST', '/claim', 'session'],
    ]);
  });

  it('claim credits the ledger once with a key per member and UTC day, and answers the new status', async () => {
    const p = setup();
    at('2025-03-01T23:59:00Z');
    expect(await p.status()).toEqual({
      claimed_today: false,
      streak: 0,
      next_reward: 10,
      next_claim_at: '2025-03-01T00:00:00.000Z',
      balance: 100,
    });
    expect(await p.claim()).toEqual({
      claimed_today: true,
      streak: 1,
      next_reward: 12,
      next_claim_at: '2025-03-02T00:00:00.000Z',
      balance: 110,
      reward: 10,
    });
    expect(p.credits).toEqual([
      { userId: 'u1', amount: 10, key: 'daily:u1:2025-03-01', reason: 'Daily reward (day 1 of the streak)' },
    ]);
    expect(await p.status()).toMatchObject({ claimed_today: true, streak: 1, balance: 110 });
  });

  it('refuses a second claim the same day with 409 ALREADY_CLAIMED and pays nothing more', async () => {
    const p = setup();
    at('2025-03-01T08:00:00Z');
    await p.claim();
    at('2025-03-01T20:00:00Z');
    const err = await p.claim().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PluginError);
    expect(err).toMatchObject({ status: 409, code: 'ALREADY_CLAIMED' });
    expect(p.credits).toHaveLength(1);
  });

  it('pays once when two claims race, whichever reads the store first', async () => {
    const p = setup();
    at('2025-03-01T08:00:00Z');
    const results = await Promise.allSettled([p.claim(), p.claim()]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'ALREADY_CLAIMED' } });
    expect(p.credits).toHaveLength(1);
    expect(await p.status()).toMatchObject({ claimed_today: true, streak: 1, balance: 110 });
  });

  it('builds a streak over consecutive UTC days, with the bonus capped', async () => {
    const p = setup({ base_reward: 10, streak_bonus: 5, streak_cap: 3 });
    const paid = [];
    for (const day of ['01', '02', '03', '04']) {
      at(`2025-03-${day}T00:00:01Z`);
      paid.push((await p.claim()).reward);
    }
    expect(paid).toEqual([10, 15, 20, 20]);
    expect(await p.status()).toMatchObject({ streak: 4, balance: 165 });
  });

  it('resets the streak to 1 after a missed day', async () => {
    const p = setup();
    at('2025-03-01T12:00:00Z');
    await p.claim();
    at('2025-03-02T12:00:00Z');
    expect(await p.claim()).toMatchObject({ streak: 2, reward: 12 });
    at('2025-03-04T12:00:00Z');
    expect(await p.status()).toMatchObject({ streak: 0, next_reward: 10, claimed_today: false });
    expect(await p.claim()).toMatchObject({ streak: 1, reward: 10 });
    expect(p.credits.map((c) => c.key)).toEqual(['daily:u1:2025-03-01', 'daily:u1:2025-03-02', 'daily:u1:2025-03-04']);
  });

  it('heals a streak the store lost after the ledger paid (the key still refuses a second payment)', async () => {
    const p = setup();
    at('2025-03-01T12:00:00Z');
    await p.claim();
    p.store.clear();
    await expect(p.claim()).rejects.toMatchObject({ code: 'ALREADY_CLAIMED' });
    expect(p.credits).toHaveLength(1);
    expect(await p.status()).toMatchObject({ claimed_today: true, streak: 1 });
  });
});
