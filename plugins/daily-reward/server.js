// @ts-check
// Daily reward with streaks: a member claims once per UTC day; consecutive days add a bonus up to a
// cap. Coins go through the panel's ledger with a key per member and day, so a claim pays at most once
// a day even when two requests race; the streak is kept in the plugin's store.
import { definePlugin, PluginError } from '@hostdeck/plugin-sdk';

/**
 * @typedef {{ base_reward?: number | null, streak_bonus?: number | null, streak_cap?: number | null }} Config
 * @typedef {import('@hostdeck/plugin-sdk').PluginRouteContext<Config>} Context
 * @typedef {{ last_day: string, streak: number }} StreakState the last UTC day claimed (YYYY-MM-DD)
 *   and the streak that day reached
 * @typedef {{ claimed_today: boolean, streak: number, next_reward: number, next_claim_at: string,
 *   balance: number }} Status
 */

const DAY_MS = 86_400_000;

/** The UTC day of a time, as YYYY-MM-DD. */
export const utcDay = (/** @type {Date} */ date) => date.toISOString().slice(0, 10);
/** The UTC day n days after day. */
export const addDays = (/** @type {string} */ day, /** @type {number} */ n) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS));

/** A whole number from the config, or its default when it is missing or nonsense. */
const setting = (/** @type {unknown} */ value, /** @type {number} */ fallback, /** @type {number} */ min) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;

/**
 * What the given day of a streak pays: the base, plus the bonus for each day after the first, the
 * bonus growing no further after streak_cap days.
 * @param {number} streakDay 1 for the first day of a streak
 * @param {Config} config
 */
export function rewardFor(streakDay, config) {
  const base = setting(config.base_reward, 10, 1);
  const bonus = setting(config.streak_bonus, 2, 0);
  const cap = setting(config.streak_cap, 7, 1);
  return base + bonus * (Math.min(Math.max(streakDay, 1), cap) - 1);
}

/**
 * The streak a claim on `today` reaches: one more than the last if that was yesterday, else 1 (a
 * missed day starts again).
 * @param {StreakState | undefined} state
 * @param {string} today
 */
export function nextStreak(state, today) {
  return state && state.last_day === addDays(today, -1) ? state.streak + 1 : 1;
}

/**
 * A member's status at `now`, without the balance.
 * @param {StreakState | undefined} state
 * @param {Date} now
 * @param {Config} config
 * @returns {Omit<Status, 'balance'>}
 */
export function statusAt(state, now, config) {
  const today = utcDay(now);
  const claimedToday = state?.last_day === today;
  // The streak still alive: claimed today or yesterday; older than that it is broken.
  const streak = state && (claimedToday || state.last_day === addDays(today, -1)) ? state.streak : 0;
  return {
    claimed_today: claimedToday,
    streak,
    next_reward: rewardFor(streak + 1, config),
    next_claim_at: `${claimedToday ? addDays(today, 1) : today}T00:00:00.000Z`,
  };
}

const stateKey = (/** @type {string} */ userId) => `streak:${userId}`;

function memberOf(/** @type {Context} */ ctx) {
  const member = ctx.request.member;
  if (!member) throw new PluginError(401, 'UNAUTHENTICATED', 'Sign in to claim the daily reward.');
  return member;
}

/** @param {Context} ctx @returns {Promise<Status>} */
async function status(ctx) {
  const member = memberOf(ctx);
  const [state, balance] = await Promise.all([ctx.store.get(stateKey(member.id)), ctx.coins.balance(member.id)]);
  return { ...statusAt(/** @type {StreakState | undefined} */ (state), new Date(), ctx.config), balance };
}

/** @param {Context} ctx @returns {Promise<Status & { reward: number }>} */
async function claim(ctx) {
  const member = memberOf(ctx);
  const now = new Date();
  const today = utcDay(now);
  const state = /** @type {StreakState | undefined} */ (await ctx.store.get(stateKey(member.id)));
  if (state?.last_day === today) throw alreadyClaimed();
  const streak = nextStreak(state, today);
  const reward = rewardFor(streak, ctx.config);
  // The ledger pays once per key: a second request racing this one gets credited: false.
  const result = await ctx.coins.credit(member.id, reward, {
    key: `daily:${member.id}:${today}`,
    reason: `Daily reward (day ${streak} of the streak)`,
  });
  // Written after paying (a crash between the two leaves the store behind; the next claim heals it).
  // Every request of the day computes the same state, so writing it twice is harmless.
  /** @type {StreakState} */
  const next = { last_day: today, streak };
  await ctx.store.set(stateKey(member.id), next);
  if (!result.credited) throw alreadyClaimed();
  ctx.log.info('Daily reward claimed', { user_id: member.id, streak, reward });
  return { ...statusAt(next, now, ctx.config), balance: result.balance, reward };
}

const alreadyClaimed = () =>
  new PluginError(409, 'ALREADY_CLAIMED', 'The daily reward was already claimed today; come back tomorrow.');

export default definePlugin(
  /** @type {import('@hostdeck/plugin-sdk').PluginDefinition<Config>} */ ({
    routes: [
      { method: 'GET', path: '/status', access: 'session', handler: status },
      { method: 'POST', path: '/claim', access: 'session', handler: claim },
    ],
  }),
);
