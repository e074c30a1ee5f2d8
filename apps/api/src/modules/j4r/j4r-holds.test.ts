import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { DiscordDouble } from '../../../test/discord-double.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { accountFlags, j4rClaims, users } from '../../db/schema/index.ts';

/**
 * The join-for-rewards payout happens in the Discord callback (not an /api/earn/ route): it keeps
 * the earning hold of flagged accounts and the anti-VPN earning rule.
 */
let t: TestApp;
let admin: TestClient;
const discord = new DiscordDouble();
const GUILD = '200000000000000011';
const VPN_IP = '203.0.113.77';
let seq = 0;

beforeAll(async () => {
  await discord.listen();
  t = await createTestApp({}, { discordBase: discord.url });
  admin = await memberWithPermissions(t.app, ['admin.root'], 8);
  const list = join(t.app.ctx.config.dataDir, 'vpn-j4r.txt');
  writeFileSync(list, '203.0.113.0/24\n');
  await t.app.ctx.settings.update({
    j4r_enabled: true,
    discord_client_id: discord.clientId,
    discord_client_secret: discord.clientSecret,
    vpn_block_lists: list,
  });
  await t.app.ctx.vpn.refresh();
  await admin.post('/api/admin/j4r-servers', { name: 'Hold Guild', guild_id: GUILD, invite_code: 'hold', coins: 40 });
});
afterAll(async () => {
  await t.close();
  await discord.close();
});
beforeEach(async () => {
  await t.app.ctx.settings.update({ zero_trust_enabled: true, vpn_action: 'off' });
});

/** A member whose Discord account is in the guild, browsing from a clean address. */
async function joinedMember() {
  seq += 1;
  const m = await signedUpMember(t.app);
  m.client.remoteAddress = `198.51.100.${seq}`;
  discord.signedIn = discord.addUser(`31000000000000000${seq}`, `holder${seq}`, [GUILD]).id;
  return m;
}
/** Starts the check (allowed: nothing holds the member yet); the Discord consent page's answer. */
async function startCheck(client: TestClient): Promise<string> {
  const started = await client.post('/api/earn/j4r/check');
  expect(started.statusCode, started.body).toBe(200);
  const back = new URL(discord.authorize(started.json().url));
  return `${back.pathname}${back.search}`;
}
const balanceOf = async (id: string) =>
  (await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, id)))[0]!.coins;
const claimsOf = (id: string) => t.database.db.select().from(j4rClaims).where(eq(j4rClaims.userId, id));

describe('join-for-rewards payout in the Discord callback', () => {
  it('pays nothing to an account flagged during the round trip, says why, and pays once approved', async () => {
    const m = await joinedMember();
    const callback = await startCheck(m.client);
    const [flag] = await t.database.db
      .insert(accountFlags)
      .values({ userId: m.id, reason: 'shared_device', relatedUserIds: [] })
      .returning();
    const res = await m.client.get(callback);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/earn/j4r?discord_error=EARNING_ON_HOLD');
    expect(await balanceOf(m.id)).toBe(0);
    expect(await claimsOf(m.id)).toEqual([]);

    expect((await admin.post(`/api/admin/account-flags/${flag!.id}/approve`)).json()).toEqual({ success: true });
    expect((await m.client.get(await startCheck(m.client))).headers.location).toBe('/earn/j4r?discord=checked&paid=40');
    expect(await balanceOf(m.id)).toBe(40);
  });

  it('pays nothing when the callback comes from a VPN while earning is VPN-checked', async () => {
    await t.app.ctx.settings.update({ vpn_action: 'earning' });
    const m = await joinedMember();
    const callback = await startCheck(m.client);
    m.client.remoteAddress = VPN_IP;
    const res = await m.client.get(callback);
    expect(res.headers.location).toBe('/earn/j4r?discord_error=VPN_BLOCKED');
    expect(await balanceOf(m.id)).toBe(0);
    expect(await claimsOf(m.id)).toEqual([]);
    // Sign-up-only VPN checks leave the payout alone.
    await t.app.ctx.settings.update({ vpn_action: 'sign_up' });
    expect((await m.client.get(await startCheck(m.client))).headers.location).toBe('/earn/j4r?discord=checked&paid=40');
  });

  it('links a Discord account through the same callback even while the account is on hold', async () => {
    const m = await joinedMember();
    await t.database.db.insert(accountFlags).values({ userId: m.id, reason: 'shared_ip', relatedUserIds: [] });
    const started = await m.client.post('/api/account/discord/link', { return_to: 'account' });
    const back = new URL(discord.authorize(started.json().url));
    expect((await m.client.get(`${back.pathname}${back.search}`)).headers.location).toBe('/account?discord=linked');
  });
});
