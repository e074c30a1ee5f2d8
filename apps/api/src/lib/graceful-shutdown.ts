import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AFK_CLOSE, WS_RECONNECT_REASON } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';

/** How long a connection with no request being answered gets, once the shutdown closes the port, to send one. */
const CONNECTION_GRACE_MS = 2_000;

/**
 * Whether this instance is draining (/readyz answers 503 "shutting_down" from the moment it is), and
 * which connections are answering a request. Node's server.close() ends idle keep-alive connections
 * but not one that has not sent a request yet (a browser's preconnect, a proxy's spare connection) or
 * not all of its headers: those would hold the shutdown until its ceiling (SHUTDOWN_TIMEOUT_MS) and
 * an exit with code 1. `closeWaitingConnections` gives them a moment, then closes them.
 */
export class ShutdownState {
  draining = false;
  private readonly answering = new Map<Socket, number>();
  private closing = false;

  constructor(server?: Server) {
    if (!server) return;
    server.on('connection', (socket: Socket) => {
      this.answering.set(socket, 0);
      socket.once('close', () => this.answering.delete(socket));
      if (this.closing) this.closeUnlessAsked(socket);
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      this.answering.set(socket, (this.answering.get(socket) ?? 0) + 1);
      res.once('close', () => {
        const n = this.answering.get(socket);
        if (n !== undefined) this.answering.set(socket, n - 1);
        if (this.closing && n === 1) this.closeUnlessAsked(socket);
      });
    });
    // A WebSocket is closed by its own hook (closeWebSocketsForRestart), with a reconnect hint.
    server.on('upgrade', (req: IncomingMessage) => this.answering.delete(req.socket));
  }

  /** From now on a connection with no request being answered, given a moment to send one, is closed. */
  closeWaitingConnections(): void {
    this.closing = true;
    for (const socket of this.answering.keys()) this.closeUnlessAsked(socket);
  }

  private closeUnlessAsked(socket: Socket): void {
    const timer = setTimeout(() => {
      if (this.answering.get(socket) === 0) socket.destroy();
    }, CONNECTION_GRACE_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  }
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
 * 4. Fastify's close: new connections refused, idle keep-alive ones closed (and, after 2 s, any
 *    other that is not being answered: never asked, or still sending its headers), later requests on busy
 *    connections still served (return503OnClosing is off) with Connection: close, WebSockets closed
 *    with 1012, requests in flight finished; then the onClose hooks (workers, Redis, database).
 * The ceiling (SHUTDOWN_TIMEOUT_MS) is the caller's: this resolves when all of it is done.
 */
export async function drainAndClose(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  app.ctx.shutdown.draining = true;
  // Settled, not awaited as one: a worker whose last pass failed has logged it already.
  const stopped = Promise.allSettled(options.workers.map((w) => w.stop()));
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  app.ctx.shutdown.closeWaitingConnections();
  await app.close();
  await stopped;
}
