import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';

/**
 * A WebSocket injected into the app as a browser on localhost would open it (with the given
 * cookie and Origin), collecting the JSON messages it receives and its close code.
 */
export async function openSocket<M>(app: FastifyInstance, path: string, cookie: string, origin?: string) {
  const messages: M[] = [];
  let closed: number | undefined;
  const ws = await app.injectWS(
    path,
    // An injected upgrade has no socket of its own: give it the address a browser would have.
    {
      headers: { cookie, host: 'localhost', ...(origin ? { origin } : {}) },
      socket: { remoteAddress: '127.0.0.1' } as never,
    },
    {
      onInit: (socket: WebSocket) => {
        socket.on('message', (d) => messages.push(JSON.parse(String(d))));
        socket.on('close', (code) => {
          closed = code;
        });
      },
    },
  );
  /** Waits (at most 2 s) for a condition on what arrived. */
  const wait = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  return { ws, messages, closed: () => closed, wait };
}

/** The Cookie header of a test client's cookies. */
export const cookieHeader = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
