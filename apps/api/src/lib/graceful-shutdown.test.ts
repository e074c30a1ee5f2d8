import { request } from 'node:http';
import { connect } from 'node:net';
import { AFK_CLOSE, CSRF_COOKIE, CSRF_HEADER, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember, TestClient } from '../../test/client.ts';
import { connectionRefused } from '../../test/server-process.ts';
import { drainAndClose } from './graceful-shutdown.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // The app is closed by the test itself; only its database is left.
  await t.database.close();
});

describe('graceful shutdown of one instance', () => {
  it('finishes a request in flight across the close, tells WebSockets to reconnect (1012), then stops', async () => {
    await t.app.ctx.settings.update({ afk_enabled: true });
    const member = newMember();
    const client = new TestClient(t.app);
    await client.post('/api/user/auth/register', member);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };

    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/earn/afk/ws`, { headers: { cookie } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve()); // the welcome
      ws.once('error', reject);
    });

    // A sign-in whose body is still on its way when the shutdown starts: its headers are in
    // (the server answered 100 Continue), half its body is not.
    const body = JSON.stringify({ login: member.username, password: member.password });
    const signIn = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        cookie: `${CSRF_COOKIE}=${client.cookies.get(CSRF_COOKIE)}`,
        [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      signIn.once('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      signIn.once('error', reject);
    });
    await new Promise<void>((resolve) => signIn.once('continue', () => resolve()));
    signIn.write(body.slice(0, 10));

    // Two connections with no request being answered: one never asked anything (a browser's
    // preconnect), one is still sending its headers. Node's close leaves both open; they must not
    // hold the shutdown until its ceiling.
    const waiting = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    await Promise.all(waiting.map((s) => new Promise((resolve) => s.once('connect', resolve))));
    waiting[1]?.write('GET /api/system/settings HTTP/1.1\r\nHost: x\r\n');
    const cut = Promise.all(
      waiting.map((s) => new Promise((resolve) => s.on('error', () => undefined).once('close', resolve))),
    );

    const worker = t.app.ctx.serverQueue;
    const shutdown = drainAndClose(t.app, { workers: [worker], delayMs: 0 });
    expect(t.app.ctx.shutdown.draining).toBe(true);
    // The port closes while the sign-in is still being received...
    for (let i = 0; !(await connectionRefused(port)); i++) {
      if (i > 600) throw new Error('the listener never closed');
      await new Promise((r) => setTimeout(r, 50));
    }
    // ...and the sign-in, finished now, is answered in full.
    signIn.end(body.slice(10));
    const res = await answered;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: true });

    await shutdown;
    await cut;
    expect(await closed).toEqual({ code: AFK_CLOSE.restart, reason: WS_RECONNECT_REASON });
    expect(t.app.ctx.afk.open).toBe(0);
  });
});
