import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { LinkProvidersDouble } from '../../../test/link-providers-double.ts';
import { signedUpMember } from '../../../test/users.ts';
import { coinLedger, linkClaims, users } from '../../db/schema/index.ts';

let t: TestApp;
const double = new LinkProvidersDouble();
beforeAll(async () => {
  await double.listen();
  t = await createTestApp({}, { linkEndpoints: double.endpoints() });
  const perProvider = (p: string, extra: Record<string, string | number | boolean> = {}) => ({
    [`l4r_${p}_enabled`]: true,
    [`l4r_${p}_coins`]: 40,
    [`l4r_${p}_daily_limit`]: 3,
    [`l4r_${p}_cooldown_seconds`]: 0,
    [`l4r_${p}_min_seconds`]: 0,
    ...extra,
  });
  await t.app.ctx.settings.update({
    ...perProvider('shareus', { l4r_shareus_api_key: double.apiKey }),
    ...perProvider('linkpays', { l4r_linkpays_api_key: double.apiKey }),
    ...perProvider('gyanilinks', { l4r_gyanilinks_api_key: double.apiKey }),
    ...perProvider('linkvertise', {
      l4r_linkvertise_api_key: double.antiBypassToken,
      l4r_linkvertise_user_id: double.publisherId,
    }),
    ...perProvider('generic', {
      l4r_generic_api_key: double.apiKey,
      l4r_generic_url_template: `${double.url}/st?api={key}&url={url}`,
      l4r_generic_name: 'ShortCash',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await double.close();
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
/** Starts a link and follows it through the provider: the claim token (and hash) the member returns with. */
async function startAndFollow(client: TestClient, provider: string) {
  const started = await client.post(`/api/earn/links/${provider}/start`);
  expect(started.statusCode, started.body).toBe(200);
  const back = new URL(double.complete(started.json().url));
  return {
    started: started.json(),
    back,
    token: back.searchParams.get('claim') as string,
    hash: back.searchParams.get('hash') ?? undefined,
  };
}
const claim = (client: TestClient, token: string, hash?: string) =>
  client.post('/api/earn/links/claim', { token, ...(hash ? { hash } : {}) });
const makeOld = (claimId: string, secondsAgo: number) =>
  t.database.db
    .update(linkClaims)
    .set({ completedAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(linkClaims.id, claimId));

describe('link rewards', () => {
  it('pays each provider once per link through its real API shape, returning to /earn/links', async () => {
    const m = await signedUpMember(t.app);
    for (const provider of ['shareus', 'linkpays', 'gyanilinks', 'generic', 'linkvertise']) {
      const { back, token, hash, started } = await startAndFollow(m.client, provider);
      expect(back.pathname).toBe('/earn/links');
      expect(started.claim).toMatchObject({ provider, status: 'pending', coins: 40 });
      if (provider === 'linkvertise') {
        expect(started.url).toMatch(new RegExp(`/${double.publisherId}/\\d+/dynamic\\?r=`));
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
      }
      const paid = await claim(m.client, token, hash);
      expect(paid.json()).toMatchObject({ success: true, provider, coins: 40 });
      // The same token again: used.
      expect((await claim(m.client, token, hash)).json().error_code).toBe('LINK_CLAIM_USED');
    }
    expect(await balanceOf(m.id)).toBe(200);
    expect(await ledgerSum(m.id)).toBe(200);
    expect(double.requests.some((r) => r.startsWith('GET /easy_api?key=provider-key&link='))).toBe(true);
    expect(double.requests.some((r) => r.startsWith('POST /api/v1/anti_bypassing?token='))).toBe(true);
    const overview = (await m.client.get('/api/earn/links')).json();
    expect(overview.earned_today).toBe(200);
    expect(overview.providers.find((p: { provider: string }) => p.provider === 'generic')).toMatchObject({
      name: 'ShortCash',
      used_today: 1,
      verified_by_provider: false,
    });
    expect(overview.providers.find((p: { provider: string }) => p.provider === 'linkvertise')).toMatchObject({
      verified_by_provider: true,
    });
    expect(overview.recent).toHaveLength(5);
  });

  it('stores only a hash of the token, and a token is only good for the member who started it', async () => {
    const a = await signedUpMember(t.app);
    const b = await signedUpMember(t.app);
    const { token, started } = await startAndFollow(a.client, 'shareus');
    const [row] = await t.database.db.select().from(linkClaims).where(eq(linkClaims.id, started.claim.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await claim(b.client, token)).json().error_code).toBe('LINK_CLAIM_INVALID');
    expect((await claim(a.client, 'x'.repeat(43))).json().error_code).toBe('LINK_CLAIM_INVALID');
    expect(await balanceOf(b.id)).toBe(0);
    expect((await claim(a.client, token)).statusCode).toBe(200);
  });

  it('refuses a Linkvertise claim without a valid anti-bypass hash, and a reused hash', async () => {
    const m = await signedUpMember(t.app);
    const first = await startAndFollow(m.client, 'linkvertise');
    expect((await claim(m.client, first.token)).json().error_code).toBe('LINK_NOT_VERIFIED');
    const forged = await claim(m.client, first.token, 'f'.repeat(64));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error_code).toBe('LINK_NOT_VERIFIED');
    expect(await balanceOf(m.id)).toBe(0);
    // The rejected link still pays when the real hash arrives (Linkvertise says TRUE once).
    expect((await claim(m.client, first.token, first.hash)).json()).toMatchObject({ coins: 40 });
    const second = await startAndFollow(m.client, 'linkvertise');
    // Someone replays the first hash on a new link: Linkvertise has consumed it.
    expect((await claim(m.client, second.token, first.hash)).json().error_code).toBe('LINK_NOT_VERIFIED');
    expect(await balanceOf(m.id)).toBe(40);
  });

  it('holds the minimum time, the expiry, the cooldown and the daily limit', async () => {
    const m = await signedUpMember(t.app);
    await t.app.ctx.settings.update({ l4r_linkpays_min_seconds: 60, l4r_linkpays_expiry_seconds: 600 });
    const early = await startAndFollow(m.client, 'linkpays');
    const tooEarly = await claim(m.client, early.token);
    expect(tooEarly.json().error_code).toBe('LINK_CLAIM_TOO_EARLY');
    expect(tooEarly.json().message).toMatch(/\d+ seconds/);
    // Sixty seconds later it pays.
    await t.database.db
      .update(linkClaims)
      .set({ claimableAt: new Date(Date.now() - 1000) })
      .where(eq(linkClaims.id, early.started.claim.id));
    expect((await claim(m.client, early.token)).statusCode).toBe(200);

    const late = await startAndFollow(m.client, 'linkpays');
    await t.database.db
      .update(linkClaims)
      .set({ claimableAt: new Date(Date.now() - 700_000), expiresAt: new Date(Date.now() - 100_000) })
      .where(eq(linkClaims.id, late.started.claim.id));
    expect((await claim(m.client, late.token)).json().error_code).toBe('LINK_CLAIM_EXPIRED');
    const overview = (await m.client.get('/api/earn/links')).json();
    expect(overview.recent.find((c: { id: string }) => c.id === late.started.claim.id).status).toBe('expired');

    await t.app.ctx.settings.update({ l4r_linkpays_min_seconds: 0, l4r_linkpays_cooldown_seconds: 600 });
    const cooling = await m.client.post('/api/earn/links/linkpays/start');
    expect(cooling.json().error_code).toBe('LINK_COOLDOWN');
    const status = (await m.client.get('/api/earn/links'))
      .json()
      .providers.find((p: { provider: string }) => p.provider === 'linkpays');
    expect(new Date(status.available_at).getTime()).toBeGreaterThan(Date.now() + 590_000);
    await t.app.ctx.settings.update({ l4r_linkpays_cooldown_seconds: 0 });
    for (let i = 0; i < 2; i++) {
      const { token } = await startAndFollow(m.client, 'linkpays');
      expect((await claim(m.client, token)).statusCode).toBe(200);
    }
    const limited = await m.client.post('/api/earn/links/linkpays/start');
    expect(limited.statusCode).toBe(409);
    expect(limited.json().error_code).toBe('LINK_DAILY_LIMIT');
    // A day later the oldest completion no longer counts.
    const [oldest] = await t.database.db
      .select()
      .from(linkClaims)
      .where(and(eq(linkClaims.userId, m.id), eq(linkClaims.status, 'completed')))
      .orderBy(linkClaims.completedAt)
      .limit(1);
    await makeOld(oldest!.id, 86_401);
    expect((await m.client.post('/api/earn/links/linkpays/start')).statusCode).toBe(200);
    expect(await ledgerSum(m.id)).toBe(await balanceOf(m.id));
    await t.app.ctx.settings.update({ l4r_linkpays_expiry_seconds: 3600 });
  });

  it('a newer link cancels the unfinished one; parallel claims of one token pay once', async () => {
    const m = await signedUpMember(t.app);
    const old = await startAndFollow(m.client, 'gyanilinks');
    const fresh = await startAndFollow(m.client, 'gyanilinks');
    expect((await claim(m.client, old.token)).json().error_code).toBe('LINK_CLAIM_INVALID');
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(m.client, fresh.token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().error_code)).toEqual(
      Array(19).fill('LINK_CLAIM_USED'),
    );
    expect(await balanceOf(m.id)).toBe(40);
  });

  it('refuses disabled and unconfigured providers and reports a failing provider without a claim', async () => {
    const m = await signedUpMember(t.app);
    await t.app.ctx.settings.update({ l4r_shareus_enabled: false });
    const off = await m.client.post('/api/earn/links/shareus/start');
    expect([off.statusCode, off.json().error_code]).toEqual([403, 'FEATURE_DISABLED']);
    expect((await m.client.get('/api/earn/links')).json().providers[1]).toMatchObject({
      provider: 'shareus',
      enabled: false,
    });
    await t.app.ctx.settings.update({ l4r_shareus_enabled: true, l4r_shareus_api_key: null });
    expect((await m.client.post('/api/earn/links/shareus/start')).json().error_code).toBe(
      'LINK_PROVIDER_NOT_CONFIGURED',
    );
    await t.app.ctx.settings.update({ l4r_shareus_api_key: 'wrong-key' });
    const refused = await m.client.post('/api/earn/links/shareus/start');
    expect([refused.statusCode, refused.json().error_code]).toEqual([502, 'LINK_PROVIDER_FAILED']);
    double.failWith = 503;
    await t.app.ctx.settings.update({ l4r_shareus_api_key: double.apiKey });
    expect((await m.client.post('/api/earn/links/linkpays/start')).json().error_code).toBe('LINK_PROVIDER_FAILED');
    double.failWith = undefined;
    const claims = await t.database.db.select().from(linkClaims).where(eq(linkClaims.userId, m.id));
    expect(claims).toEqual([]);
    expect((await m.client.post('/api/earn/links/nope/start')).statusCode).toBe(404); // no such provider: nothing at that address
    expect((await m.client.post('/api/earn/links/claim', { token: 'short' })).statusCode).toBe(400);
  });

  it('a claim of a provider switched off meanwhile pays nothing', async () => {
    const m = await signedUpMember(t.app);
    const { token } = await startAndFollow(m.client, 'generic');
    await t.app.ctx.settings.update({ l4r_generic_enabled: false });
    expect((await claim(m.client, token)).json().error_code).toBe('FEATURE_DISABLED');
    await t.app.ctx.settings.update({ l4r_generic_enabled: true });
    expect((await claim(m.client, token)).statusCode).toBe(200);
  });
});
