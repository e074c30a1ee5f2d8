import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { totpCode } from '../../../test/two-factor.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.app.ctx.settings.update({ two_factor_required_for_staff: null }));

const require2fa = () => t.app.ctx.settings.update({ two_factor_required_for_staff: true });
async function turnOn2fa(client: TestClient) {
  const { secret } = (await client.post('/api/user/auth/2fa/setup')).json();
  expect((await client.post('/api/user/auth/2fa/setup/confirm', { code: totpCode(secret) })).statusCode).toBe(200);
}

describe('two-factor required for staff', () => {
  it('is off by default: staff without 2FA use the admin API', async () => {
    const staff = await memberWithPermissions(t.app, ['admin.users.list']);
    expect((await staff.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('when on, every admin API answers TWO_FA_REQUIRED until the member turns 2FA on', async () => {
    await require2fa();
    const staff = await memberWithPermissions(t.app, ['admin.users.list', 'admin.settings.view']);
    for (const url of ['/api/admin/users', '/api/admin/settings']) {
      const res = await staff.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error_code, url).toBe('TWO_FA_REQUIRED');
    }
    // The session call, member pages and the setup stay reachable.
    expect((await staff.get('/api/user/session')).statusCode).toBe(200);
    expect((await staff.get('/api/account/sessions')).statusCode).toBe(200);
    await turnOn2fa(staff);
    expect((await staff.get('/api/admin/users')).statusCode).toBe(200);
    expect((await staff.get('/api/admin/settings')).statusCode).toBe(200);
  });

  it('holds administrators (admin.root) too, and still answers FORBIDDEN to members without the permission', async () => {
    await require2fa();
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    expect((await root.get('/api/admin/users')).json().error_code).toBe('TWO_FA_REQUIRED');
    const { client: member } = await signedUpMember(t.app);
    expect((await member.get('/api/admin/users')).json().error_code).toBe('FORBIDDEN');
    expect((await member.get('/api/user/session')).statusCode).toBe(200);
  });

  it('turning the setting off lets staff without 2FA back in at once', async () => {
    await require2fa();
    const staff = await memberWithPermissions(t.app, ['admin.users.list']);
    expect((await staff.get('/api/admin/users')).statusCode).toBe(403);
    await t.app.ctx.settings.update({ two_factor_required_for_staff: false });
    expect((await staff.get('/api/admin/users')).statusCode).toBe(200);
  });
});
