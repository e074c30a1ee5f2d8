import { Agent, request } from 'node:http';
import WebSocket from 'ws';

/**
 * A JSON request sent in two halves: its headers first (the server answers 100 Continue, so it has
 * taken the request in), the rest of its body on finish(), which resolves with the status.
 */
export function halfSentRequest(port: number, path: string, headers: Record<string, string>, payload: unknown) {
  const body = JSON.stringify(payload);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
  });
  const started = new Promise<void>((resolve) =>
    req.once('continue', () => {
      req.write(body.slice(0, 8));
      resolve();
    }),
  );
  return {
    started,
    finish: () => {
      req.end(body.slice(8));
      return status;
    },
  };
}

/** A keep-alive connection left idle after one answer; `closed` resolves when the server closes it. */
export function idleConnection(port: number): Promise<{ closed: Promise<true> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
      res.resume();
      res.on('end', () => {
        const closed = new Promise<true>((r) => req.socket?.once('close', () => r(true)));
        resolve({ closed });
      });
    });
    req.once('error', reject);
    req.end();
  });
}

/** An AFK page's WebSocket, open once the server's welcome arrived; `closed` gives the close code and reason. */
export async function afkSocket(
  port: number,
  headers: Record<string, string>,
): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/earn/afk/ws`, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  return { ws, closed };
}

/** The promise, or an error naming what was awaited once `ms` have passed. */
export function withCeiling<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([promise, ceiling]).finally(() => clearTimeout(timer));
}
