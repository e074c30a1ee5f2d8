import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';

/**
 * The client address is req.ip everywhere: X-Forwarded-For counts only when the socket peer is a
 * trusted proxy (TRUST_PROXY, CIDRs of IPv4 and IPv6), and then the right-most untrusted hop is the
 * client. Rate limits, sessions, sign-up records and anti-VPN all see that one address.
 */
describe('client address behind trusted proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['10.0.0.0/8', 'fd00::/8'], authRateLimitPerMinute: 3 });
    const list = join(t.app.ctx.config.dataDir, 'vpn.txt');
    writeFileSync(list, '203.0.113.0/24\n');
    await t.app.ctx.settings.update({ zero_trust_enabled: true, vpn_action: 'sign_up', vpn_block_lists: list });
    await t.app.ctx.vpn.refresh();
  });
  afterAll(() => t.close());

  const from = (peer: string, xff?: string) => {
    const c = new TestClient(t.app);
    c.remoteAddress = peer;
    const request = c.request.bind(c);
    c.request = (opts) =>
      request(xff ? { ...opts, headers: { ...(opts.headers as object), 'x-forwarded-for': xff } } : opts);
    return c;
  };
  /** Signs up; answers the HTTP status and, on success, the address stored on the account and its session. */
  const signUp = async (c: TestClient) => {
    const member = newMember();
    const res = await c.post('/api/user/auth/register', member);
    if (res.statusCode !== 201) return { status: res.statusCode, code: res.json().error_code as string };
    const user = (await t.database.db.query.users.findMany()).find((u) => u.username === member.username)!;
    const session = (await t.database.db.query.sessions.findMany()).find((s) => s.userId === user.id)!;
    return { status: 201, firstIp: user.firstIp, sessionIp: session.ip };
  };

  it('ignores X-Forwarded-For from an untrusted peer: account, session and anti-VPN use the socket address', async () => {
    // A listed address claimed in the header does not matter...
    expect(await signUp(from('198.51.100.9', '203.0.113.5'))).toEqual({
      status: 201,
      firstIp: '198.51.100.9',
      sessionIp: '198.51.100.9',
    });
    // ...and a clean address claimed by a listed peer does not help it.
    expect(await signUp(from('203.0.113.9', '198.51.100.99'))).toMatchObject({ status: 403, code: 'VPN_BLOCKED' });
  });

  it('honours X-Forwarded-For from a trusted CIDR, IPv4 and IPv6', async () => {
    expect(await signUp(from('10.20.30.40', '198.51.100.21'))).toEqual({
      status: 201,
      firstIp: '198.51.100.21',
      sessionIp: '198.51.100.21',
    });
    expect(await signUp(from('fd00::1', '2001:db8::21'))).toMatchObject({ status: 201, firstIp: '2001:db8::21' });
    expect(await signUp(from('10.20.30.40', '203.0.113.5'))).toMatchObject({ status: 403, code: 'VPN_BLOCKED' });
  });

  it('takes the right-most untrusted hop when there are several', async () => {
    // The client wrote a fake first hop; our two proxies appended the real address and themselves.
    const r = await signUp(from('10.0.0.1', '6.6.6.6, 198.51.100.30, 10.9.9.9'));
    expect(r).toMatchObject({ status: 201, firstIp: '198.51.100.30', sessionIp: '198.51.100.30' });
    // A listed address hidden behind a fake clean first hop is still found.
    expect(await signUp(from('10.0.0.1', '198.51.100.31, 203.0.113.7, 10.9.9.9'))).toMatchObject({
      code: 'VPN_BLOCKED',
    });
  });

  it('counts rate limits per real client: a spoofed header does not buy a fresh bucket', async () => {
    const attempt = (c: TestClient) => c.post('/api/user/auth/login', { login: 'nobody', password: 'wrong' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(from('198.51.100.50', `192.0.2.${i}`))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Through the proxy, each client has its own bucket; the same client runs out of its own.
    const proxied: number[] = [];
    for (let i = 0; i < 4; i++) proxied.push((await attempt(from('10.0.0.2', `192.0.2.${i}`))).statusCode);
    expect(proxied).toEqual([401, 401, 401, 401]);
    for (let i = 0; i < 3; i++) await attempt(from('10.0.0.2', '192.0.2.200'));
    expect((await attempt(from('10.0.0.2', '192.0.2.200'))).statusCode).toBe(429);
  });
});
