import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { coinLedger, users } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({
    referrals_enabled: true,
    referral_reward_referrer: 100,
    referral_reward_referred: 50,
  });
});
afterAll(() => t.close());

/** A member signing up from an address, optionally with a referral code and another browser's device cookie. */
async function signUp(ip: string, ref?: string, device?: string) {
  const client = new TestClient(t.app);
  client.remoteAddress = ip;
  if (device) client.cookies.set('hd_device', device);
  const res = await client.post('/api/user/auth/register', { ...newMember(), ...(ref ? { ref } : {}) });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.uuid as string;
  return { client, id };
}
const coins = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.coins;
async function verify(id: string) {
  const u = (await root.get(`/api/admin/users/${id}`)).json().data;
  return root.patch(`/api/admin/users/${id}`, { verified: true, updated_at: u.updated_at });
}

describe('referrals', () => {
  it('pay both sides once the referred member is verified, once only, and list on the referrer’s page', async () => {
    const a = await signUp('10.0.0.1');
    const overview = (await a.client.get('/api/earn/referrals')).json();
    expect(overview).toMatchObject({ enabled: true, rewards: { referrer: 100, referred: 50 }, referrals: [] });
    expect(overview.link).toMatch(new RegExp(`/auth/register\\?ref=${overview.code}$`));

    const b = await signUp('10.0.0.2', overview.code);
    const pending = (await a.client.get('/api/earn/referrals')).json().referrals;
    expect(pending).toMatchObject([{ status: 'pending', refusal: null, paid_at: null }]);
    expect(await coins(a.id)).toBe(0);

    await verify(b.id);
    expect([await coins(a.id), await coins(b.id)]).toEqual([100, 50]);
    await verify(b.id); // again: nothing more
    expect([await coins(a.id), await coins(b.id)]).toEqual([100, 50]);
    const entries = await t.database.db.select().from(coinLedger).where(eq(coinLedger.kind, 'referral'));
    expect(entries.filter((e) => [a.id, b.id].includes(e.userId))).toHaveLength(2);
    expect((await a.client.get('/api/earn/referrals')).json()).toMatchObject({
      earned: 100,
      referrals: [{ status: 'paid' }],
    });
  });

  it('pay nothing to a referrer banned since; the member they brought still gets the welcome bonus', async () => {
    const a = await signUp('10.0.1.1');
    const code = (await a.client.get('/api/earn/referrals')).json().code;
    const b = await signUp('10.0.1.2', code);
    await root.post(`/api/admin/users/${a.id}/ban`, { reason: 'cheating' });
    await verify(b.id);
    expect([await coins(a.id), await coins(b.id)]).toEqual([0, 50]);
    const referrerLines = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, a.id));
    expect(referrerLines).toHaveLength(0);
  });

  it('never pay across the same address or the same browser', async () => {
    const a = await signUp('10.0.1.1');
    const code = (await a.client.get('/api/earn/referrals')).json().code;
    const sameIp = await signUp('10.0.1.1', code);
    const sameDevice = await signUp('10.0.1.3', code, a.client.cookies.get('hd_device'));
    await verify(sameIp.id);
    await verify(sameDevice.id);
    expect([await coins(a.id), await coins(sameIp.id), await coins(sameDevice.id)]).toEqual([0, 0, 0]);
    const listed = (await a.client.get('/api/earn/referrals')).json().referrals;
    expect(listed.map((r: { refusal: string }) => r.refusal).sort()).toEqual(['same_device', 'same_ip']);
    expect(listed.every((r: { status: string }) => r.status === 'refused')).toBe(true);
  });

  it('wait while referrals are switched off, and pay when they are on again', async () => {
    const a = await signUp('10.0.2.1');
    const code = (await a.client.get('/api/earn/referrals')).json().code;
    const b = await signUp('10.0.2.2', code);
    await t.app.ctx.settings.update({ referrals_enabled: false });
    await verify(b.id);
    expect(await coins(a.id)).toBe(0);
    await t.app.ctx.settings.update({ referrals_enabled: true });
    const { settleReferral } = await import('./referrals.service.ts');
    expect(await settleReferral(t.database.db, t.app.ctx.settings, b.id)).toBe(true);
    expect(await coins(a.id)).toBe(100);
  });
});
