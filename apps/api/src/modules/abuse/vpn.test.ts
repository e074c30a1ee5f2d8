import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { memberWithPermissions } from '../../../test/users.ts';
import { vpnScopeOf } from './vpn-guard.ts';

// 10.0.0.0/8 is our load balancer; the VPN list names 203.0.113.0/24 and 2001:db8:bad::/48.
const PROXY = '10.0.0.5';
const VPN_IP = '203.0.113.50';
let seq = 0;
const cleanIp = () => `198.51.100.${(seq++ % 200) + 1}`;

describe('anti-VPN enforcement', () => {
  let t: TestApp;
  let list: string;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    list = join(t.app.ctx.config.dataDir, 'vpn.txt');
    writeFileSync(list, '# test VPN list\n203.0.113.0/24\n2001:db8:bad::/48\n');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.ctx.settings.update({
      zero_trust_enabled: true,
      vpn_action: 'sign_up',
      vpn_block_lists: list,
    });
    // The list is a file path on the server (URLs are downloaded; see vpn-lists.worker.test.ts).
    await t.app.ctx.vpn.refresh();
  });

  /** A browser behind our proxy (or straight from `ip` when no proxy is given). */
  const browser = (ip: string, via?: string) => {
    const c = new TestClient(t.app);
    c.remoteAddress = via ?? ip;
    const request = c.request.bind(c);
    c.request = (opts) =>
      request(via ? { ...opts, headers: { ...(opts.headers as object), 'x-forwarded-for': ip } } : opts);
    return c;
  };
  const register = (c: TestClient) => c.post('/api/user/auth/register', newMember());

  it('refuses a sign-up from a listed address reaching us through a trusted proxy', async () => {
    const res = await register(browser(VPN_IP, PROXY));
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('VPN_BLOCKED');
    expect((await register(browser('2001:db8:bad::1', PROXY))).json().error_code).toBe('VPN_BLOCKED');
    expect((await register(browser(cleanIp(), PROXY))).statusCode).toBe(201);
  });

  it('checks nothing while zero_trust_enabled is off, or with vpn_action off', async () => {
    await t.app.ctx.settings.update({ zero_trust_enabled: false });
    expect((await register(browser(VPN_IP, PROXY))).statusCode).toBe(201);
    await t.app.ctx.settings.update({ zero_trust_enabled: true, vpn_action: 'off' });
    expect((await register(browser(VPN_IP, PROXY))).statusCode).toBe(201);
  });

  it('refuses earning calls from a listed address when the action is earning, but not reads', async () => {
    const member = browser(cleanIp(), PROXY);
    expect((await register(member)).statusCode).toBe(201);
    // The same member now comes through a VPN.
    const onVpn = browser(VPN_IP, PROXY);
    onVpn.cookies = member.cookies;
    const redeem = () => onVpn.post('/api/earn/redeem', { code: 'NO-SUCH-CODE' });
    expect((await redeem()).json().error_code).not.toBe('VPN_BLOCKED');
    await t.app.ctx.settings.update({ vpn_action: 'earning' });
    const refused = await redeem();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('VPN_BLOCKED');
    expect((await onVpn.post('/api/earn/links/claim', { token: 'x'.repeat(32) })).json().error_code).toBe(
      'VPN_BLOCKED',
    );
    expect((await onVpn.get('/api/earn/afk')).statusCode).toBe(200);
    expect((await onVpn.get('/api/earn/referrals')).statusCode).toBe(200);
    // From a clean address the same member earns (the code is simply unknown).
    member.cookies = onVpn.cookies;
    expect((await member.post('/api/earn/redeem', { code: 'NO-SUCH-CODE' })).json().error_code).not.toBe('VPN_BLOCKED');
  });

  it("with 'all' refuses every signed-in call except auth, session and system routes", async () => {
    const member = browser(cleanIp(), PROXY);
    await register(member);
    const onVpn = browser(VPN_IP, PROXY);
    onVpn.cookies = member.cookies;
    await t.app.ctx.settings.update({ vpn_action: 'all' });
    expect((await onVpn.get('/api/earn/referrals')).json().error_code).toBe('VPN_BLOCKED');
    expect((await onVpn.get('/api/user/session')).json().success).toBe(true);
    expect((await onVpn.get('/api/system/settings')).statusCode).toBe(200);
    expect((await onVpn.post('/api/user/auth/logout')).statusCode).toBe(200);
  });

  it('lets members holding user.permission.vpn through', async () => {
    await t.app.ctx.settings.update({ vpn_action: 'all', zero_trust_enabled: false });
    const exempt = await memberWithPermissions(t.app, ['user.permission.vpn']);
    const plain = await memberWithPermissions(t.app, []);
    await t.app.ctx.settings.update({ zero_trust_enabled: true });
    for (const c of [exempt, plain]) {
      c.remoteAddress = VPN_IP; // straight from a listed address, no proxy
    }
    expect((await exempt.get('/api/earn/referrals')).statusCode).toBe(200);
    expect((await exempt.post('/api/earn/redeem', { code: 'NO-SUCH-CODE' })).json().error_code).not.toBe('VPN_BLOCKED');
    expect((await plain.get('/api/earn/referrals')).json().error_code).toBe('VPN_BLOCKED');
  });

  it('sorts routes into scopes', () => {
    const session = { kind: 'session' } as const;
    expect(vpnScopeOf('POST', '/api/earn/redeem', session)).toBe('earning');
    expect(vpnScopeOf('GET', '/api/earn/afk/ws', session)).toBe('earning');
    expect(vpnScopeOf('GET', '/api/earn/afk', session)).toBe('all');
    expect(vpnScopeOf('GET', '/api/user/session', session)).toBeNull();
    expect(vpnScopeOf('POST', '/api/user/auth/2fa/verify', { kind: 'two-factor-pending' })).toBeNull();
    expect(vpnScopeOf('POST', '/api/user/auth/register', { kind: 'public' })).toBeNull();
  });
});
