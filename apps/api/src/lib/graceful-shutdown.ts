import { AFK_CLOSE, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';

/** Whether this instance is draining; /readyz answers 503 "shutting_down" from the moment it is. */
export class ShutdownState {
  draining = false;
}

/** A background worker: stop() ends its timer, claims nothing more, and waits for the item it is on. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** How long sockets told to reconnect get to answer the close frame before they are cut. */
const WS_CLOSE_GRACE_MS = 2_000;

/**
 * @fastify/websocket's preClose: every WebSocket is closed with 1012 (Service Restart) and the
 * reason "reconnect", which the client takes as "connect again" (the balancer picks another
 * instance). Upgrades arriving afterwards are refused by ws (503); a socket that does not answer the
 * close frame soon is cut, so it cannot hold the HTTP server open until the shutdown ceiling.
 */
export function closeWebSocketsForRestart(this: FastifyInstance, done: () => void): void {
  const wss = this.websocketServer;
  for (const client of wss.clients) client.close(AFK_CLOSE.restart, WS_RECONNECT_REASON);
  const cut = setTimeout(() => {
    for (const client of wss.clients) client.terminate();
  }, WS_CLOSE_GRACE_MS);
  cut.unref();
  // ws calls back once every client has closed (at once when there are none).
  wss.close(() => {
    clearTimeout(cut);
    done();
  });
}

export interface ShutdownOptions {
  /** Workers to stop at once (they claim nothing more); app.close()'s onClose waits for them again. */
  workers: Stoppable[];
  /** Time out of the balancer's rotation, still serving, before the port closes (SHUTDOWN_DELAY_MS). */
  delayMs: number;
}

/**
 * What SIGTERM does (docs/operations/deploy.md → Graceful shutdown):
 * 1. /readyz answers 503 at once, so a load balancer stops sending new requests here;
 * 2. the workers stop claiming (each finishes the item it is on);
 * 3. for delayMs requests are still taken as usual, while the balancer notices;
 * 4. Fastify's close: new connections refused, idle keep-alive ones closed, later requests on busy
 *    connections still served (return503OnClosing is off) with Connection: close, WebSockets closed
 *    with 1012, requests in flight finished; then the onClose hooks (workers, Redis, database).
 * The ceiling (SHUTDOWN_TIMEOUT_MS) is the caller's: this resolves when all of it is done.
 */
export async function drainAndClose(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  app.ctx.shutdown.draining = true;
  // Settled, not awaited as one: a worker whose last pass failed has logged it already.
  const stopped = Promise.allSettled(options.workers.map((w) => w.stop()));
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  await app.close();
  await stopped;
}
