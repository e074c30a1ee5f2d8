import { AFK_CLOSE, type AfkServerMessage, type NotifyMessage } from '@hostdeck/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedUpMember } from '../../test/users.ts';
import { locations, redirectLinks, sessions, settings, users } from '../db/schema/index.ts';
import { type LocalBus, localBus } from './bus.ts';

/**
 * What every subscriber of the bus does when messages may have been lost (a Redis reconnect; the
 * in-process bus stands for it with `missed()`): the rows below are changed behind the app's back,
 * as a change whose message never arrived leaves them, and each cache must show them afterwards.
 */
let t: TestApp;
let bus: LocalBus;
beforeAll(async () => {
  bus = localBus();
  t = await createTestApp({}, { bus });
});
afterAll(() => t.close());

const ctx = () => t.app.ctx;

describe('after the bus missed messages', () => {
  it('settings, redirect links and the catalogue are read again', async () => {
    const name = () => ctx().settings.string('app_name');
    const before = name();
    const catalogue = (await ctx().catalog.get()).locations.length;
    await ctx().redirects.reload();
    await t.database.db
      .insert(settings)
      .values({ key: 'app_name', value: 'Changed elsewhere' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'Changed elsewhere' } });
    await t.database.db.insert(redirectLinks).values({ name: 'missed-link', url: 'https://missed.example.com' });
    await t.database.db.insert(locations).values({ name: 'Missed location' });
    expect(name()).toBe(before);
    expect(ctx().redirects.target('missed-link')).toBeNull();
    expect((await ctx().catalog.get()).locations.length).toBe(catalogue);

    bus.missed();
    await expect.poll(name).toBe('Changed elsewhere');
    await expect.poll(() => ctx().redirects.target('missed-link')).toBe('https://missed.example.com');
    expect((await ctx().catalog.get()).locations.map((l) => l.name)).toContain('Missed location');
  });

  it('cached sessions and accounts are dropped: a revocation or a ban made elsewhere holds', async () => {
    const revoked = await signedUpMember(t.app);
    const banned = await signedUpMember(t.app);
    for (const m of [revoked, banned]) expect((await m.client.get('/api/user/session')).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.id));
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    // Still cached: nothing told this instance.
    expect((await revoked.client.get('/api/user/session')).statusCode).toBe(200);

    bus.missed();
    expect((await revoked.client.get('/api/user/session')).statusCode).toBe(401);
    expect((await banned.client.get('/api/user/session')).statusCode).not.toBe(200);
  });

  it("a member's cached pages are dropped", async () => {
    // No coins granted: on PostgreSQL the grant's notification could reach another pooled connection
    // late and drop the entry by itself.
    const m = await signedUpMember(t.app);
    const coins = async () => (await m.client.get('/api/store')).json().coins as number;
    expect(await coins()).toBe(0);
    await t.database.db.transaction(async (tx) => {
      // A write whose notification never reached this instance.
      await tx.execute(sql`select set_config('hostdeck.quiet_member_changes', 'on', true)`);
      await tx.update(users).set({ coins: 25 }).where(eq(users.id, m.id));
    });
    expect(await coins()).toBe(0);

    bus.missed();
    expect(await coins()).toBe(25);
  });

  it('open bells ask again and AFK pages reconnect to claim again', async () => {
    const m = await signedUpMember(t.app);
    const bell: string[] = [];
    const socket = { send: (data: string) => bell.push(data), on: () => undefined, close: () => undefined };
    ctx().notifications.attach(m.id, socket as unknown as WebSocket);
    await ctx().settings.update({ afk_enabled: true });
    const afk = { messages: [] as AfkServerMessage[], closed: 0 };
    await ctx().afk.attach(m.id, {
      send: (data: string) => afk.messages.push(JSON.parse(data)),
      close: (code: number) => {
        afk.closed = code;
      },
    });
    expect(ctx().afk.open).toBe(1);

    bus.missed();
    const kinds = bell
      .map((raw) => JSON.parse(raw) as NotifyMessage)
      .flatMap((n) => (n.type === 'notify' ? [n.kind] : []));
    expect(kinds.sort()).toEqual(['announcement', 'ticket']);
    expect(afk.closed).toBe(AFK_CLOSE.restart);
    expect(ctx().afk.open).toBe(0);
  });
});
