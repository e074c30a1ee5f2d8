import { AFK_CLOSE, type AfkServerMessage } from '@hostdeck/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { cookieHeader, openSocket } from '../../../test/sockets.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, users } from '../../db/schema/index.ts';
import { localBus, redisBus } from '../../lib/bus.ts';
import { AfkService, type AfkSocket, type Clock } from './afk.service.ts';

/** Time that moves only when told; each due timer is awaited, so payouts finish before the next step. */
class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  private timers: { due: number; ms: number; fn: () => Promise<void>; live: boolean }[] = [];
  now() {
    return this.t;
  }
  every(ms: number, fn: () => Promise<void>) {
    const timer = { due: this.t + ms, ms, fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }
  async advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.filter((x) => x.live && x.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.t = next.due;
      next.due += next.ms;
      await next.fn();
    }
    this.t = end;
  }
}

class FakeSocket implements AfkSocket {
  messages: AfkServerMessage[] = [];
  closed?: number;
  send(data: string) {
    this.messages.push(JSON.parse(data));
  }
  close(code: number) {
    this.closed = code;
  }
  of<T extends AfkServerMessage['type']>(type: T) {
    return this.messages.filter((m) => m.type === type) as Extract<AfkServerMessage, { type: T }>[];
  }
}

let t: TestApp;
let clock: ManualClock;
let afk: AfkService;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.ctx.settings.update({
    afk_enabled: true,
    afk_interval_seconds: 60,
    afk_coins_per_interval: 2,
    afk_daily_cap: 100,
  });
  clock = new ManualClock();
  afk = new AfkService(t.database.db, t.app.ctx.settings, localBus(), t.app.log, clock);
});

const afkEntries = (userId: string) =>
  t.database.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.kind, 'afk')));
const user = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('AFK earning (server-timed, fake clock)', () => {
  it('pays every interval while the page is visible, counts the minutes, and nothing for an interval with hidden time', async () => {
    const m = await signedUpMember(t.app);
    const socket = new FakeSocket();
    const session = await afk.attach(m.id, socket);
    expect(socket.of('welcome')[0]).toMatchObject({ interval_seconds: 60, coins_per_interval: 2, daily_cap: 100 });

    await clock.advance(59_000);
    expect(await afkEntries(m.id)).toHaveLength(0); // nothing before a whole interval
    await clock.advance(2 * 60_000);
    expect(socket.of('earned').map((e) => e.balance)).toEqual([2, 4]);

    session.onMessage(JSON.stringify({ type: 'visibility', visible: false }));
    await clock.advance(60_000);
    session.onMessage(JSON.stringify({ type: 'visibility', visible: true }));
    await clock.advance(60_000); // hidden for part of this interval: still nothing
    expect(await afkEntries(m.id)).toHaveLength(2);
    await clock.advance(60_000);
    expect(await afkEntries(m.id)).toHaveLength(3);
    session.onMessage('not json');
    session.onMessage(JSON.stringify({ type: 'visibility', visible: 'yes' }));
    await clock.advance(60_000);
    expect(await user(m.id)).toMatchObject({ coins: 8, afkMinutes: 4 });
    session.onClose();
    await clock.advance(10 * 60_000);
    expect(await afkEntries(m.id)).toHaveLength(4);
  });

  it('stops at the daily cap with the last payout cut to fit', async () => {
    await t.app.ctx.settings.update({ afk_daily_cap: 5 });
    const m = await signedUpMember(t.app);
    const socket = new FakeSocket();
    await afk.attach(m.id, socket);
    await clock.advance(5 * 60_000);
    expect(socket.of('earned').map((e) => e.amount)).toEqual([2, 2, 1]);
    expect(socket.of('capped')[0]).toMatchObject({ earned_today: 5, daily_cap: 5 });
    expect((await user(m.id)).coins).toBe(5);
  });

  it('counts the cap by its own clock: a new UTC day pays again, however far it is from the real date', async () => {
    await t.app.ctx.settings.update({ afk_daily_cap: 3 });
    const m = await signedUpMember(t.app);
    const socket = new FakeSocket();
    const midnight = Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 30 * 86_400_000; // a month ahead
    clock = new ManualClock(midnight - 150_000);
    afk = new AfkService(t.database.db, t.app.ctx.settings, localBus(), t.app.log, clock);
    await afk.attach(m.id, socket);
    await clock.advance(4 * 60_000); // payouts at 1.5 and 0.5 min before midnight, 0.5 and 1.5 after
    expect(socket.of('earned').map((e) => [e.amount, e.earned_today])).toEqual([
      [2, 2],
      [1, 3],
      [2, 2],
      [1, 3],
    ]);
    expect(socket.of('capped')).toHaveLength(2);
    expect((await user(m.id)).coins).toBe(6);
  });

  it('keeps one session per member: a second tab takes over and the first is told', async () => {
    const m = await signedUpMember(t.app);
    const first = new FakeSocket();
    const second = new FakeSocket();
    await afk.attach(m.id, first);
    await afk.attach(m.id, second);
    expect(first.of('taken_over')).toHaveLength(1);
    expect(first.closed).toBe(AFK_CLOSE.takenOver);
    expect(afk.open).toBe(1);
    await clock.advance(2 * 60_000);
    expect(first.of('earned')).toHaveLength(0);
    expect(second.of('earned')).toHaveLength(2);
    expect(await afkEntries(m.id)).toHaveLength(2);
  });

  it('refuses and stops sessions while the flag is off', async () => {
    const m = await signedUpMember(t.app);
    const running = new FakeSocket();
    await afk.attach(m.id, running);
    await t.app.ctx.settings.update({ afk_enabled: false });
    const refused = new FakeSocket();
    await afk.attach(m.id, refused);
    expect(refused.closed).toBe(AFK_CLOSE.disabled);
    await clock.advance(60_000);
    expect(running.closed).toBe(AFK_CLOSE.disabled);
    expect(await afkEntries(m.id)).toHaveLength(0);
  });
});

describe('AFK sessions that lose their right to earn', () => {
  it('ask before each payout whether they may go on: a refusal ends the session and pays nothing', async () => {
    const m = await signedUpMember(t.app);
    let verdict: string | null = null;
    const socket = new FakeSocket();
    await afk.attach(m.id, socket, async () => verdict);
    await clock.advance(60_000);
    expect(await afkEntries(m.id)).toHaveLength(1);
    verdict = 'UNAUTHORIZED';
    await clock.advance(180_000);
    expect(await afkEntries(m.id)).toHaveLength(1);
    expect(socket.of('refused')).toEqual([{ type: 'refused', error_code: 'UNAUTHORIZED' }]);
    expect(socket.closed).toBe(AFK_CLOSE.refused);
    expect(afk.open).toBe(0);
  });
});

describe('the AFK socket', () => {
  const open = (cookie: string, origin?: string) =>
    openSocket<AfkServerMessage>(t.app, '/api/earn/afk/ws', cookie, origin);
  const cookieOf = (m: { client: TestClient }) => cookieHeader(m.client);

  it('opens for a signed-in member from the same origin, and a second socket takes over the first', async () => {
    const m = await signedUpMember(t.app);
    const status = (await m.client.get('/api/earn/afk')).json();
    expect(status).toMatchObject({ enabled: true, interval_seconds: 60, coins_per_interval: 2, earned_today: 0 });
    const a = await open(cookieOf(m), 'http://localhost');
    await a.wait(() => a.messages.length > 0);
    expect(a.messages[0]).toMatchObject({ type: 'welcome', interval_seconds: 60 });
    const b = await open(cookieOf(m));
    await a.wait(() => a.closed() !== undefined);
    expect(a.messages.at(-1)).toEqual({ type: 'taken_over' });
    expect(a.closed()).toBe(AFK_CLOSE.takenOver);
    b.ws.close();
  });

  it("re-reads the socket's sign-in for each payout: signed out or banned since it opened, it may not go on", async () => {
    const attach = vi.spyOn(t.app.ctx.afk, 'attach');
    try {
      const out = await signedUpMember(t.app);
      const a = await open(cookieOf(out));
      await a.wait(() => a.messages.length > 0);
      const outPermit = attach.mock.calls.at(-1)![2]!;
      expect(await outPermit()).toBeNull();
      await out.client.post('/api/user/auth/logout');
      expect(await outPermit()).toBe('UNAUTHORIZED');
      a.ws.close();

      const banned = await signedUpMember(t.app);
      const b = await open(cookieOf(banned));
      await b.wait(() => b.messages.length > 0);
      const bannedPermit = attach.mock.calls.at(-1)![2]!;
      await t.database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
      await t.app.ctx.sessions.invalidateUser(banned.id);
      expect(await bannedPermit()).toBe('UNAUTHORIZED');
      b.ws.close();
    } finally {
      attach.mockRestore();
    }
  });

  it('cannot start (the database away): the page is told to connect again, and the process lives on', async () => {
    const m = await signedUpMember(t.app);
    const attach = vi.spyOn(t.app.ctx.afk, 'attach').mockRejectedValueOnce(new Error('Connection terminated'));
    try {
      const s = await open(cookieOf(m));
      await s.wait(() => s.closed() !== undefined);
      expect(s.closed()).toBe(AFK_CLOSE.restart);
      expect(attach).toHaveBeenCalledOnce();
    } finally {
      attach.mockRestore();
    }
  });

  it('is closed for another site and refused without a session', async () => {
    const m = await signedUpMember(t.app);
    const evil = await open(cookieOf(m), 'https://evil.example');
    await evil.wait(() => evil.closed() !== undefined);
    expect(evil.closed()).toBe(AFK_CLOSE.badOrigin);
    await expect(open('')).rejects.toThrow();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('AFK across instances (Redis)', () => {
  it('a session opened on another instance takes over this one', async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const [busA, busB] = [redisBus(url), redisBus(url)];
    const a = new AfkService(t.database.db, t.app.ctx.settings, busA, t.app.log, clock);
    const b = new AfkService(t.database.db, t.app.ctx.settings, busB, t.app.log, clock);
    // Both listening: a probe subscribed after the claims' channel is heard each way, so theirs is too.
    for (const [from, to] of [
      [busA, busB],
      [busB, busA],
    ] as const) {
      const heard: string[] = [];
      to.subscribe('afk-test:probe', { message: (m) => heard.push(m), missed: () => undefined });
      await expect
        .poll(async () => {
          await from.publish('afk-test:probe', 'ping');
          return heard.length > 0;
        })
        .toBe(true);
    }
    const m = await signedUpMember(t.app);
    const first = new FakeSocket();
    await a.attach(m.id, first);
    await b.attach(m.id, new FakeSocket());
    await expect.poll(() => first.closed).toBe(AFK_CLOSE.takenOver);
    expect([a.open, b.open]).toEqual([0, 1]);
    b.closeAll();
    await Promise.all([busA.close(), busB.close()]);
  });
});

describe('AFK and referrals', () => {
  it('enough AFK minutes make a referred member active: the referral pays, once', async () => {
    await t.app.ctx.settings.update({
      referrals_enabled: true,
      referral_activity_minutes: 2,
      referral_reward_referrer: 40,
    });
    const referrer = new TestClient(t.app);
    referrer.remoteAddress = '10.9.0.1';
    await referrer.post('/api/user/auth/register', newMember());
    const code = (await referrer.get('/api/earn/referrals')).json().code;
    const referred = new TestClient(t.app);
    referred.remoteAddress = '10.9.0.2';
    const id = (await referred.post('/api/user/auth/register', { ...newMember(), ref: code })).json().user.uuid;
    const referrerId = (await referrer.get('/api/user/session')).json().user_info.uuid;

    await afk.attach(id, new FakeSocket());
    await clock.advance(60_000);
    expect((await user(referrerId)).coins).toBe(0);
    await clock.advance(3 * 60_000);
    expect((await user(referrerId)).coins).toBe(40);
    expect((await referrer.get('/api/earn/referrals')).json().referrals[0].status).toBe('paid');
  });
});
