import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { DiscordDouble } from '../../../test/discord-double.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { coinLedger, j4rClaims, oauthStates, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestClient;
const discord = new DiscordDouble();
const GUILD_A = '200000000000000001';
const GUILD_B = '200000000000000002';
const GUILD_C = '200000000000000003';
let serverA: number;
let serverB: number;
let userSeq = 0;
const newDiscordUser = (guilds: string[]) => {
  userSeq += 1;
  return discord.addUser(`3000000000000000${String(userSeq).padStart(2, '0')}`, `player${userSeq}`, guilds);
};

beforeAll(async () => {
  await discord.listen();
  t = await createTestApp({}, { discordBase: discord.url });
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({
    j4r_enabled: true,
    discord_client_id: discord.clientId,
    discord_client_secret: discord.clientSecret,
  });
  serverA = (
    await admin.post('/api/admin/j4r-servers', {
      name: 'Alpha Guild',
      guild_id: GUILD_A,
      invite_code: 'https://discord.gg/alpha-123',
      coins: 75,
    })
  ).json().data.id;
  serverB = (
    await admin.post('/api/admin/j4r-servers', {
      name: 'Beta Guild',
      guild_id: GUILD_B,
      invite_code: 'beta',
      coins: 30,
    })
  ).json().data.id;
  await admin.post('/api/admin/j4r-servers', {
    name: 'Closed Guild',
    guild_id: GUILD_C,
    invite_code: 'closed',
    coins: 1000,
    enabled: false,
  });
});
afterAll(async () => {
  await t.close();
  await discord.close();
});

const balanceOf = async (id: string) =>
  (await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, id)))[0]!.coins;
const ledgerSum = async (id: string) =>
  Number(
    (
      await t.database.db
        .select({ s: sql<number>`coalesce(sum(amount),0)` })
        .from(coinLedger)
        .where(eq(coinLedger.userId, id))
    )[0]?.s,
  );
/** Starts a round trip, lets the Discord double answer its consent page, and follows the browser back. */
async function roundTrip(client: TestClient, start: string, body?: unknown) {
  const started = await client.post(start, body);
  expect(started.statusCode, started.body).toBe(200);
  const back = new URL(discord.authorize(started.json().url));
  const res = await client.get(`${back.pathname}${back.search}`);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://panel');
}
const link = (client: TestClient) => roundTrip(client, '/api/account/discord/link', { return_to: 'account' });
const check = (client: TestClient) => roundTrip(client, '/api/earn/j4r/check');

describe('join for rewards', () => {
  it('is managed by staff as an admin resource: invite addresses kept as codes, ids validated', async () => {
    const list = (await admin.get('/api/admin/j4r-servers?sort=name')).json();
    expect(list.data.map((s: { name: string }) => s.name)).toEqual(['Alpha Guild', 'Beta Guild', 'Closed Guild']);
    expect(list.data[0]).toMatchObject({ invite_code: 'alpha-123', guild_id: GUILD_A, claims: 0, enabled: true });
    const bad = await admin.post('/api/admin/j4r-servers', { name: 'X', guild_id: '12', invite_code: 'x y', coins: 0 });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['coins', 'guild_id', 'invite_code']);
    const dup = await admin.post('/api/admin/j4r-servers', {
      name: 'Y',
      guild_id: GUILD_A,
      invite_code: 'yy',
      coins: 1,
    });
    expect(dup.json().error_code).toBe('ALREADY_EXISTS');
    const member = await signedUpMember(t.app);
    expect((await member.client.get('/api/admin/j4r-servers')).statusCode).toBe(403);
  });

  it('links a Discord account through OAuth2 with state and PKCE; the token is revoked, never kept', async () => {
    const m = await signedUpMember(t.app);
    const d = newDiscordUser([]);
    discord.signedIn = d.id;
    const started = (await m.client.post('/api/account/discord/link', { return_to: 'account' })).json();
    const authorize = new URL(started.url);
    expect(authorize.origin + authorize.pathname).toBe(`${discord.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('identify guilds');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/discord\/callback$/);
    const state = authorize.searchParams.get('state') as string;
    const stored = await t.database.db.select().from(oauthStates);
    expect(JSON.stringify(stored)).not.toContain(state);

    const back = new URL(discord.authorize(started.url));
    const done = await m.client.get(`${back.pathname}${back.search}`);
    expect(done.headers.location).toBe('/account?discord=linked');
    expect(discord.revoked).toHaveLength(1);
    expect((await m.client.get('/api/account/discord')).json()).toMatchObject({
      configured: true,
      discord: { id: d.id, username: d.username },
    });
    // The same callback again: its state was single-use.
    const replay = await m.client.get(`${back.pathname}${back.search}`);
    expect(replay.headers.location).toBe('/account?discord_error=OAUTH_STATE_INVALID');

    // Another member cannot link the same Discord account.
    const other = await signedUpMember(t.app);
    expect((await link(other.client)).search).toBe('?discord_error=DISCORD_ALREADY_LINKED');
    // Unlinked, it can be linked elsewhere.
    expect((await m.client.delete('/api/account/discord')).statusCode).toBe(200);
    expect((await m.client.delete('/api/account/discord')).json().error_code).toBe('DISCORD_NOT_LINKED');
    expect((await link(other.client)).search).toBe('?discord=linked');
  });

  it('refuses a state that is not the member’s, expired, or a refused consent', async () => {
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    discord.signedIn = newDiscordUser([]).id;
    const started = (await a.client.post('/api/account/discord/link', { return_to: 'j4r' })).json();
    const back = new URL(discord.authorize(started.url));
    expect((await b.client.get(`${back.pathname}${back.search}`)).headers.location).toBe(
      '/account?discord_error=OAUTH_STATE_INVALID',
    );
    // Ten minutes later the state is gone too.
    const again = (await a.client.post('/api/account/discord/link', { return_to: 'j4r' })).json();
    await t.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = new URL(discord.authorize(again.url));
    expect((await a.client.get(`${late.pathname}${late.search}`)).headers.location).toBe(
      '/earn/j4r?discord_error=OAUTH_STATE_INVALID',
    );
    discord.deny = true;
    expect((await roundTrip(a.client, '/api/account/discord/link', { return_to: 'j4r' })).search).toBe(
      '?discord_error=DISCORD_NOT_LINKED',
    );
    discord.deny = false;
    expect((await a.client.get('/api/account/discord')).json().discord).toBeNull();
  });

  it('pays once per Discord account for each enabled server joined, whichever member it is linked to', async () => {
    const m = await signedUpMember(t.app);
    const d = newDiscordUser([GUILD_A, GUILD_C]);
    discord.signedIn = d.id;
    const first = await check(m.client);
    expect(first.pathname + first.search).toBe('/earn/j4r?discord=checked&paid=75');
    expect(await balanceOf(m.id)).toBe(75);
    // Nothing new: nothing paid. Then they join Beta.
    expect((await check(m.client)).search).toBe('?discord=checked&paid=0');
    d.guilds.add(GUILD_B);
    expect((await check(m.client)).search).toBe('?discord=checked&paid=30');
    const overview = (await m.client.get('/api/earn/j4r')).json();
    expect(overview).toMatchObject({ enabled: true, discord_configured: true, discord: { id: d.id }, earned: 105 });
    expect(overview.servers.map((s: { name: string; state: string }) => [s.name, s.state])).toEqual([
      ['Alpha Guild', 'claimed'],
      ['Beta Guild', 'claimed'],
    ]);
    expect(overview.servers[0].invite_url).toBe('https://discord.gg/alpha-123');

    // The Discord account moves to another member: no second reward for the same servers.
    await m.client.delete('/api/account/discord');
    const other = await signedUpMember(t.app);
    expect((await check(other.client)).search).toBe('?discord=checked&paid=0');
    expect(await balanceOf(other.id)).toBe(0);
    expect((await admin.get(`/api/admin/j4r-servers/${serverA}`)).json().data.claims).toBeGreaterThanOrEqual(1);
    expect((await admin.delete(`/api/admin/j4r-servers/${serverA}`)).json().error_code).toBe('IN_USE');
  });

  it('checks with the linked account only, and pays once under parallel checks', async () => {
    const m = await signedUpMember(t.app);
    const mine = newDiscordUser([]);
    discord.signedIn = mine.id;
    await link(m.client);
    discord.signedIn = newDiscordUser([GUILD_A]).id;
    expect((await check(m.client)).search).toBe('?discord_error=DISCORD_ACCOUNT_MISMATCH');
    expect(await balanceOf(m.id)).toBe(0);
    mine.guilds.add(GUILD_A);
    const paid = await Promise.all(
      Array.from({ length: 10 }, () => t.app.ctx.j4r.payJoined(m.id, mine.id, new Set([GUILD_A]))),
    );
    expect(paid.reduce((a, b) => a + b, 0)).toBe(75);
    expect(await balanceOf(m.id)).toBe(75);
  });

  it('re-checks with the bot when turned on: leaving takes the reward back, never below zero', async () => {
    const stayer = await signedUpMember(t.app);
    const leaver = await signedUpMember(t.app);
    const spender = await signedUpMember(t.app);
    const ds = newDiscordUser([GUILD_A]);
    const dl = newDiscordUser([GUILD_A, GUILD_B]);
    const dp = newDiscordUser([GUILD_A]);
    for (const [m, d] of [
      [stayer, ds],
      [leaver, dl],
      [spender, dp],
    ] as const) {
      discord.signedIn = d.id;
      await check(m.client);
    }
    await t.database.db
      .update(users)
      .set({ coins: 20 })
      .where(eq(users.id, spender.id))
      .then(() =>
        t.database.db.insert(coinLedger).values({
          userId: spender.id,
          amount: -55,
          balanceAfter: 20,
          kind: 'store',
          reason: 'spent in the test',
        }),
      );
    dl.guilds.delete(GUILD_A);
    dp.guilds.delete(GUILD_A);
    const later = new Date(Date.now() + 25 * 3_600_000);
    // Off by default: nothing happens.
    expect(await t.app.ctx.j4r.recheck(later)).toBe(0);
    await t.app.ctx.settings.update({ j4r_recheck_enabled: true, discord_bot_token: discord.botToken });
    // The bot is not in the guild yet: it cannot tell, the rewards stay.
    expect(await t.app.ctx.j4r.recheck(later)).toBe(0);
    expect(await balanceOf(leaver.id)).toBe(105);
    discord.botGuilds.add(GUILD_A);
    discord.botGuilds.add(GUILD_B);
    const evenLater = new Date(later.getTime() + 25 * 3_600_000);
    const claimsBefore = (await admin.get(`/api/admin/j4r-servers/${serverA}`)).json().data.claims;
    expect(await t.app.ctx.j4r.recheck(evenLater)).toBe(2);
    expect(await balanceOf(stayer.id)).toBe(75);
    expect(await balanceOf(leaver.id)).toBe(30);
    expect(await balanceOf(spender.id)).toBe(0);
    for (const m of [stayer, leaver, spender]) expect(await ledgerSum(m.id)).toBe(await balanceOf(m.id));
    expect((await admin.get(`/api/admin/j4r-servers/${serverA}`)).json().data.claims).toBe(claimsBefore - 2);
    const states = (await leaver.client.get('/api/earn/j4r')).json().servers.map((s: { state: string }) => s.state);
    expect(states).toEqual(['revoked', 'claimed']);
    // Nothing is taken twice; rejoining pays again.
    expect(await t.app.ctx.j4r.recheck(new Date(evenLater.getTime() + 25 * 3_600_000))).toBe(0);
    dl.guilds.add(GUILD_A);
    discord.signedIn = dl.id;
    expect((await check(leaver.client)).search).toBe('?discord=checked&paid=75');
    expect(await balanceOf(leaver.id)).toBe(105);
    const [claim] = await t.database.db.select().from(j4rClaims).where(eq(j4rClaims.discordId, dl.id));
    expect(claim).toBeDefined();
    await t.app.ctx.settings.update({ j4r_recheck_enabled: false });
  });

  it('is refused when switched off or when Discord is not set up', async () => {
    const m = await signedUpMember(t.app);
    await t.app.ctx.settings.update({ j4r_enabled: false });
    const off = await m.client.post('/api/earn/j4r/check');
    expect([off.statusCode, off.json().error_code]).toEqual([403, 'FEATURE_DISABLED']);
    await t.app.ctx.settings.update({ j4r_enabled: true, discord_client_secret: null });
    expect((await m.client.post('/api/earn/j4r/check')).json().error_code).toBe('DISCORD_NOT_CONFIGURED');
    expect((await m.client.get('/api/earn/j4r')).json()).toMatchObject({ discord_configured: false });
    await t.app.ctx.settings.update({ discord_client_secret: discord.clientSecret });
    expect(serverB).toBeGreaterThan(0);
  });
});
