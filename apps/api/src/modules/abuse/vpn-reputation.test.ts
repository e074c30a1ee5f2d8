import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { ProxycheckDouble } from '../../../test/proxycheck-double.ts';

describe('VPN reputation provider (proxycheck.io v2 format)', () => {
  let t: TestApp;
  const provider = new ProxycheckDouble();
  beforeAll(async () => {
    await provider.listen();
    provider.vpns.add('203.0.113.77');
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(async () => {
    provider.delayMs = 0;
    t.app.ctx.vpn.reputation.clear();
    await t.app.ctx.settings.update({
      zero_trust_enabled: true,
      vpn_action: 'sign_up',
      vpn_reputation_url: provider.url,
      vpn_reputation_key: provider.key,
      vpn_reputation_timeout_ms: 300,
    });
  });

  const signUpFrom = (ip: string) => {
    const c = new TestClient(t.app);
    c.remoteAddress = ip;
    return c.post('/api/user/auth/register', newMember());
  };

  it('refuses a sign-up the provider calls a VPN, and asks once per address (cached verdicts)', async () => {
    const before = provider.calls;
    const first = await signUpFrom('203.0.113.77');
    expect(first.statusCode).toBe(403);
    expect(first.json().error_code).toBe('VPN_BLOCKED');
    expect((await signUpFrom('203.0.113.77')).json().error_code).toBe('VPN_BLOCKED');
    expect((await signUpFrom('198.51.100.77')).statusCode).toBe(201);
    expect((await signUpFrom('198.51.100.77')).statusCode).toBe(201);
    expect(provider.calls - before).toBe(2);
  });

  it('lets the visitor in when the provider is too slow (fail open)', async () => {
    provider.delayMs = 2_000;
    const before = provider.calls;
    expect((await signUpFrom('203.0.113.77')).statusCode).toBe(201);
    expect(provider.calls - before).toBe(1);
  });

  it('lets the visitor in when the provider refuses the key', async () => {
    await t.app.ctx.settings.update({ vpn_reputation_key: 'wrong-key' });
    expect((await signUpFrom('203.0.113.77')).statusCode).toBe(201);
  });

  it('forgets its verdicts when the provider settings change', async () => {
    expect((await signUpFrom('203.0.113.77')).statusCode).toBe(403);
    const before = provider.calls;
    await t.app.ctx.settings.update({ vpn_reputation_url: provider.url.replace('127.0.0.1', 'localhost') });
    expect((await signUpFrom('203.0.113.77')).statusCode).toBe(403);
    expect(provider.calls - before).toBe(1);
  });
});
