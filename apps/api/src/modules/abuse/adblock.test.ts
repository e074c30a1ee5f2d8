import { ADBLOCK_BAIT_PATH, ADBLOCK_CHECK_HEADER, ADBLOCK_CHECK_QUERY, AFK_CLOSE } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { TestClient } from '../../../test/client.ts';
import { memberWithPermissions, signedUpMember } from '../../../test/users.ts';
import { AdblockService, CHECK_TTL_MS } from './adblock.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.update({ adblock_detection_enabled: true, afk_enabled: true });
});
afterAll(() => t.close());

/** What the page does when no blocker interferes: load the bait, read its nonce, exchange it. */
async function check(client: TestClient): Promise<string> {
  const bait = await client.get(ADBLOCK_BAIT_PATH);
  expect(bait.statusCode).toBe(200);
  expect(bait.headers['content-type']).toContain('javascript');
  const nonce = JSON.parse(/=(".*");/.exec(bait.body)![1]!) as string;
  const res = await client.post('/api/earn/adblock-check', { bait: nonce, element_visible: true });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const start = (client: TestClient, token?: string) =>
  client.post('/api/earn/links/linkvertise/start', undefined, {
    headers: token ? { [ADBLOCK_CHECK_HEADER]: token } : {},
  });

describe('anti-adblock on earning calls', () => {
  it('refuses link calls without a check token, and lets a checked browser through', async () => {
    const m = await signedUpMember(t.app);
    const bare = await start(m.client);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error_code).toBe('ADBLOCK_DETECTED');
    expect((await m.client.post('/api/earn/links/claim', { token: 'x'.repeat(43) })).json().error_code).toBe(
      'ADBLOCK_DETECTED',
    );
    const token = await check(m.client);
    // Past the check, the link rules answer (no provider is configured here).
    expect((await start(m.client, token)).json().error_code).not.toBe('ADBLOCK_DETECTED');
    expect((await start(m.client, `${token}x`)).json().error_code).toBe('ADBLOCK_DETECTED');
  });

  it('refuses a bait that never loaded, a hidden bait element, and a token of another session', async () => {
    const m = await signedUpMember(t.app);
    const other = await signedUpMember(t.app);
    expect(
      (await m.client.post('/api/earn/adblock-check', { bait: 'made-up', element_visible: true })).json(),
    ).toMatchObject({ error_code: 'ADBLOCK_DETECTED' });
    const bait = JSON.parse(/=(".*");/.exec((await m.client.get(ADBLOCK_BAIT_PATH)).body)![1]!) as string;
    expect((await m.client.post('/api/earn/adblock-check', { bait, element_visible: false })).json().error_code).toBe(
      'ADBLOCK_DETECTED',
    );
    expect((await other.client.post('/api/earn/adblock-check', { bait, element_visible: true })).statusCode).toBe(403);
    const token = await check(m.client);
    expect((await start(other.client, token)).json().error_code).toBe('ADBLOCK_DETECTED');
  });

  it('tokens expire', () => {
    let now = Date.now();
    const service = new AdblockService(t.app.ctx.settings, 'test-key', () => now);
    const bait = service.bait('session-1');
    const { token } = service.issue('session-1', bait, true);
    expect(() => service.assertChecked('session-1', [], token)).not.toThrow();
    expect(() => service.assertChecked('session-2', [], token)).toThrow(/ad blocker/);
    now += CHECK_TTL_MS + 1;
    expect(() => service.assertChecked('session-1', [], token)).toThrow(/ad blocker/);
    // Signed with another key: worthless.
    const foreign = new AdblockService(t.app.ctx.settings, 'other-key', () => now);
    expect(() => service.assertChecked('s', [], foreign.issue('s', foreign.bait('s'), true).token)).toThrow();
  });

  it('is bypassed by user.permission.adblocker and off while the setting is off', async () => {
    const vip = await memberWithPermissions(t.app, ['user.permission.adblocker']);
    expect((await start(vip)).json().error_code).not.toBe('ADBLOCK_DETECTED');
    const m = await signedUpMember(t.app);
    await t.app.ctx.settings.update({ adblock_detection_enabled: false });
    expect((await start(m.client)).json().error_code).not.toBe('ADBLOCK_DETECTED');
    await t.app.ctx.settings.update({ adblock_detection_enabled: true });
  });
});

describe('anti-adblock on the AFK socket', () => {
  /** Opens the socket and resolves with the first thing the server says (a message or a close). */
  async function open(client: TestClient, query = '') {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let settle: (v: { message?: { type: string; error_code?: string }; code?: number }) => void = () => undefined;
    const first = new Promise<{ message?: { type: string; error_code?: string }; code?: number }>((r) => {
      settle = r;
    });
    let refusal: { type: string; error_code?: string } | undefined;
    const ws = await t.app.injectWS(
      `/api/earn/afk/ws${query}`,
      { headers: { cookie, host: 'localhost' }, socket: { remoteAddress: '127.0.0.1' } as never },
      {
        onInit: (socket: WebSocket) => {
          socket.on('message', (d) => {
            const message = JSON.parse(String(d));
            if (message.type === 'refused') refusal = message;
            else settle({ message });
          });
          socket.on('close', (code) => settle({ message: refusal, code }));
        },
      },
    );
    return { ws, first };
  }

  it('closes with the refusal without a token and starts the session with one', async () => {
    const m = await signedUpMember(t.app);
    const bare = await open(m.client);
    expect(await bare.first).toEqual({
      message: { type: 'refused', error_code: 'ADBLOCK_DETECTED' },
      code: AFK_CLOSE.refused,
    });
    const token = await check(m.client);
    const ok = await open(m.client, `?${ADBLOCK_CHECK_QUERY}=${encodeURIComponent(token)}`);
    expect((await ok.first).message).toMatchObject({ type: 'welcome' });
    ok.ws.close();
  });
});
