import { SESSION_COOKIE } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember, TestClient } from '../../../test/client.ts';
import { testConfig } from '../../../test/config.ts';
import { memberWithTwoFactor, totpCode } from '../../../test/two-factor.ts';
import { type BuiltApp, buildApp } from '../../app.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One member signed in from two browsers: a Linux desktop and an iPhone on another address. */
async function memberOnTwoDevices(app: BuiltApp = t.app) {
  const member = newMember();
  const desktop = new TestClient(app);
  await desktop.request({
    method: 'POST',
    url: '/api/user/auth/register',
    payload: member,
    headers: { 'user-agent': FIREFOX_LINUX },
  });
  const phone = new TestClient(app);
  phone.remoteAddress = '198.51.100.23';
  await phone.request({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { login: member.username, password: member.password },
    headers: { 'user-agent': IPHONE },
  });
  return { member, desktop, phone };
}
const list = async (client: TestClient) =>
  (await client.get('/api/account/sessions')).json().data as Record<string, unknown>[];

describe('my sessions', () => {
  it('lists every live session with its device, address, method and which one is this', async () => {
    const { desktop, phone } = await memberOnTwoDevices();
    const sessions = await list(desktop);
    expect(sessions).toHaveLength(2);
    const here = sessions.find((s) => s.current);
    const there = sessions.find((s) => !s.current);
    expect(here).toMatchObject({ browser: 'Firefox', os: 'Linux', device_type: 'desktop', method: 'password' });
    expect(there).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      os_version: '17.5',
      device_type: 'mobile',
      device: 'Apple iPhone',
      ip: '198.51.100.23',
      method: 'password',
    });
    expect(Date.parse(String(there?.last_used_at))).not.toBeNaN();
    // The phone sees the same two, with "current" on its own.
    expect((await list(phone)).find((s) => s.current)?.id).toBe(there?.id);
  });

  it('ends one of my sessions at once, and answers 404 for anyone else’s', async () => {
    const { desktop, phone } = await memberOnTwoDevices();
    const stranger = await memberOnTwoDevices();
    const theirs = (await list(stranger.desktop))[0]?.id;
    const denied = await desktop.delete(`/api/account/sessions/${theirs}`);
    expect(denied.statusCode).toBe(404);
    expect((await stranger.desktop.get('/api/user/session')).statusCode).toBe(200);
    expect((await desktop.delete('/api/account/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await desktop.delete('/api/account/sessions/not-a-uuid')).statusCode).toBe(404);

    const phoneId = (await list(desktop)).find((s) => !s.current)?.id;
    expect((await phone.get('/api/user/session')).statusCode).toBe(200); // cached on this instance now
    expect((await desktop.delete(`/api/account/sessions/${phoneId}`)).json()).toEqual({ success: true });
    expect((await phone.get('/api/user/session')).statusCode).toBe(401);
    expect(await list(desktop)).toHaveLength(1);
    // Ending it again: it is no longer a live session.
    expect((await desktop.delete(`/api/account/sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it('ending this session signs me out', async () => {
    const { desktop } = await memberOnTwoDevices();
    const mine = (await list(desktop)).find((s) => s.current)?.id;
    expect((await desktop.delete(`/api/account/sessions/${mine}`)).statusCode).toBe(200);
    expect(desktop.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const { member, desktop, phone } = await memberOnTwoDevices();
    const laptop = new TestClient(t.app);
    await laptop.post('/api/user/auth/login', { login: member.username, password: member.password });
    const res = await desktop.post('/api/account/sessions/revoke-others');
    expect(res.json()).toEqual({ success: true, revoked: 2 });
    expect((await phone.get('/api/user/session')).statusCode).toBe(401);
    expect((await laptop.get('/api/user/session')).statusCode).toBe(401);
    expect((await desktop.get('/api/user/session')).statusCode).toBe(200);
    expect(await list(desktop)).toHaveLength(1);
  });

  it('records how a session was signed in, and keeps it through the second factor', async () => {
    const { client, secret } = await memberWithTwoFactor(t.app);
    const me = (await client.get('/api/user/session')).json().user_info.uuid as string;
    const { token } = await t.app.ctx.sessions.create(me, {}, true, 'sso:github');
    const sso = new TestClient(t.app);
    sso.cookies.set(SESSION_COOKIE, token);
    expect((await sso.post('/api/user/auth/2fa/verify', { code: totpCode(secret, 1) })).statusCode).toBe(200);
    expect((await list(sso)).find((s) => s.current)?.method).toBe('sso:github');
  });
});

describe('revocation across instances', () => {
  let shared: BuiltApp;
  let separate: BuiltApp;
  beforeAll(async () => {
    // A second instance on the same database and the same fan-out bus, and a third with its own bus.
    shared = await buildApp(testConfig(), { database: t.database, bus: t.app.ctx.bus, logger: false });
    separate = await buildApp(testConfig(), { database: t.database, logger: false });
  });
  afterAll(async () => {
    await shared?.close();
    await separate?.close();
  });

  it('a session ended on one instance is refused by the others at once', async () => {
    const { desktop, phone } = await memberOnTwoDevices();
    const onShared = new TestClient(shared);
    const onSeparate = new TestClient(separate);
    onShared.cookies = new Map(phone.cookies);
    onSeparate.cookies = new Map(phone.cookies);
    // Both instances have now cached the phone's session.
    expect((await onShared.get('/api/user/session')).statusCode).toBe(200);
    expect((await onSeparate.get('/api/user/session')).statusCode).toBe(200);

    await desktop.post('/api/account/sessions/revoke-others');
    expect((await onShared.get('/api/user/session')).statusCode).toBe(401);
    // Without the bus an instance keeps serving its cached copy: the bus is what makes it immediate.
    expect((await onSeparate.get('/api/user/session')).statusCode).toBe(200);
  });
});
