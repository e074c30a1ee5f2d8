import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { coinLedger, redeemCodes } from '../../db/schema/index.ts';

let t: TestApp;
let root: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  root = await memberWithPermissions(t.app, ['admin.root'], 8);
  await t.app.ctx.settings.update({ code_redemption_enabled: true });
});
afterAll(() => t.close());

const newCode = async (body: Record<string, unknown>) => (await root.post('/api/admin/redeem-codes', body)).json();

describe('redeem codes', () => {
  it('are managed by staff: stored upper-case, unique, validated, never below the uses made', async () => {
    const made = await newCode({ code: 'welcome-2026', coins: 50, max_uses: 2 });
    expect(made.data).toMatchObject({ code: 'WELCOME-2026', coins: 50, max_uses: 2, uses: 0, enabled: true });
    expect((await newCode({ code: 'Welcome-2026', coins: 5 })).error_code).toBe('ALREADY_EXISTS');
    expect((await newCode({ code: 'no spaces', coins: 5 })).fields).toHaveProperty('code');
    expect((await newCode({ code: 'ZERO', coins: 0 })).fields).toHaveProperty('coins');
    const listed = (await root.get('/api/admin/redeem-codes?search=welcome&sort=-coins')).json();
    expect(listed).toMatchObject({ total: 1, data: [{ code: 'WELCOME-2026' }] });

    const m = await signedUpMember(t.app);
    await m.client.post('/api/earn/redeem', { code: 'welcome-2026' });
    const fresh = (await root.get(`/api/admin/redeem-codes/${made.data.id}`)).json().data;
    const lowered = await root.patch(`/api/admin/redeem-codes/${made.data.id}`, {
      max_uses: 0,
      updated_at: fresh.updated_at,
    });
    expect(lowered.statusCode).toBe(400);
    const ok = await root.patch(`/api/admin/redeem-codes/${made.data.id}`, {
      max_uses: 1,
      updated_at: fresh.updated_at,
    });
    expect(ok.json().data).toMatchObject({ max_uses: 1, uses: 1 });
  });

  it('pay once per member, in the ledger, and refuse expired, used-up, disabled and unknown codes', async () => {
    await newCode({ code: 'SPRING', coins: 25 });
    const m = await signedUpMember(t.app);
    const first = await m.client.post('/api/earn/redeem', { code: ' spring ' });
    expect(first.json()).toMatchObject({ success: true, coins: 25, balance: 25 });
    expect((await m.client.post('/api/earn/redeem', { code: 'SPRING' })).json().error_code).toBe(
      'CODE_ALREADY_REDEEMED',
    );
    expect((await m.client.get('/api/user/session')).json().user_info.credits).toBe(25);
    const [entry] = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, m.id));
    expect(entry).toMatchObject({ amount: 25, balanceAfter: 25, kind: 'redeem' });

    await newCode({ code: 'OLD-ONE', coins: 5, expires_at: new Date(Date.now() - 1000).toISOString() });
    await newCode({ code: 'OFF-ONE', coins: 5, enabled: false });
    await newCode({ code: 'ONCE-ONLY', coins: 5, max_uses: 1 });
    await (await signedUpMember(t.app)).client.post('/api/earn/redeem', { code: 'ONCE-ONLY' });
    for (const [code, error] of [
      ['OLD-ONE', 'CODE_EXPIRED'],
      ['OFF-ONE', 'CODE_INVALID'],
      ['NOPE-NOPE', 'CODE_INVALID'],
      ['ONCE-ONLY', 'CODE_USED_UP'],
    ])
      expect((await m.client.post('/api/earn/redeem', { code })).json().error_code, code).toBe(error);
    expect((await m.client.get('/api/coins/history')).json()).toMatchObject({ total: 1, balance: 25 });

    await t.app.ctx.settings.update({ code_redemption_enabled: false });
    await newCode({ code: 'LATER', coins: 5 });
    expect((await m.client.post('/api/earn/redeem', { code: 'LATER' })).json().error_code).toBe('FEATURE_DISABLED');
    await t.app.ctx.settings.update({ code_redemption_enabled: true });
  });

  it('200 parallel redemptions of a one-use code: exactly one pays', async () => {
    const code = await newCode({ code: 'RACE-200', coins: 100, max_uses: 1 });
    const members = await Promise.all(Array.from({ length: 20 }, () => signedUpMember(t.app)));
    const results = await Promise.all(
      members.flatMap((m) => Array.from({ length: 10 }, () => m.client.post('/api/earn/redeem', { code: 'race-200' }))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await t.database.db.select().from(redeemCodes).where(eq(redeemCodes.id, code.data.id));
    expect(row?.uses).toBe(1);
    const paid = await t.database.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.reference, String(code.data.id)));
    expect(paid).toHaveLength(1);
  });
});
