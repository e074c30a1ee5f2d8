import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Body, byId, display, filterBy, type Handler, HttpError, notFound, readJson, UNEXPECTED } from './http.ts';
import { pelicanRoutes } from './pelican.ts';
import { createPelicanServer } from './pelican-deploy.ts';
import { pelicanNodeAttributes, pelicanServerAttributes, pelicanUserAttributes } from './pelican-present.ts';
import { item, nodeAttributes, paginate, serverAttributes, userAttributes } from './present.ts';
import { createPterodactylServer, pterodactylRoutes } from './pterodactyl.ts';
import { type SimFlavour, type SimNode, type SimServer, type SimState, type SimUser, seedState } from './state.ts';

export interface SimulatorOptions {
  /** Which panel to play (default Pterodactyl): the same shared world, each with its own API. */
  flavour?: SimFlavour;
  /** The Application API key the simulator accepts (Bearer); ptla_simulator, or papp_simulator on Pelican. */
  apiKey?: string;
  /** Added to every request, in milliseconds. */
  latencyMs?: number;
  /** New servers finish installing after this long (ms); undefined leaves them installing until told. */
  autoInstallMs?: number;
  /** Requests a minute before 429 (the panel's default: 240 on Pterodactyl, 256 on Pelican). */
  rateLimit?: number;
  /**
   * Called after a request changed the state (or failed) and before its answer leaves: tests use it
   * to act at the worst moment (the server exists on the panel, the caller never hears of it).
   */
  beforeAnswer?: (method: string, path: string, status: number) => void;
  state?: SimState;
}

/** A held server creation (see holdNextServerCreate). */
export interface HeldCreate {
  /** Resolves when the held POST /servers has arrived. */
  arrived: Promise<void>;
  /** Commits it now: validated and created as if the panel's transaction ended; resolves once it has. */
  commit(): Promise<void>;
}

/** Route parameters Laravel binds to a row (route-model binding): an unknown id is a 404 before the route runs. */
const BOUND = { user: 'users', server: 'servers', node: 'nodes', egg: 'eggs' } as const;

const routeNotFound = (path: string) =>
  new HttpError(404, [
    { code: 'NotFoundHttpException', status: '404', detail: `The route ${path.slice(1)} could not be found.` },
  ]);

interface RouteEntry {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/**
 * An in-memory Pterodactyl (v1) or Pelican Application API: same paths, envelopes, validation and
 * errors. Both share the envelope, error, pagination, filter and rate-limit code, and the routes
 * below; the routes whose rules differ live in pelican.ts and pterodactyl.ts.
 */
export class PterodactylSimulator {
  readonly state: SimState;
  readonly flavour: SimFlavour;
  private server?: Server;
  private failNext = 0;
  private holds: {
    arrive: () => void;
    release: () => void;
    released: Promise<void>;
    committed: () => void;
    commitAfterMs?: number;
  }[] = [];
  private window = { start: Date.now(), count: 0 };
  private readonly routes: RouteEntry[] = [];
  private timers = new Set<NodeJS.Timeout>();

  constructor(readonly options: SimulatorOptions = {}) {
    this.flavour = options.flavour ?? 'pterodactyl';
    this.state = options.state ?? seedState({ flavour: this.flavour });
    this.register();
  }

  private get pelican(): boolean {
    return this.flavour === 'pelican';
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    return address ? `http://127.0.0.1:${address.port}` : '';
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, host, resolve));
    return this.url;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const hold of this.holds.splice(0)) hold.release();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The next n write calls fail as if Wings were down, nothing changed (a create rolled back): 504
   * DaemonConnectionException on Pterodactyl, 500 ConnectionException on Pelican.
   */
  failWrites(n: number): void {
    this.failNext = n;
  }

  /**
   * Holds the next POST /servers as a panel whose transaction is slow to commit (Wings slow to
   * answer): nothing is visible (GET /servers/external answers 404) until it commits, by commit() or
   * after commitAfterMs; then it is validated and created and its answer leaves, to a caller that may
   * have given up long before.
   */
  holdNextServerCreate(commitAfterMs?: number): HeldCreate {
    let arrive = () => {};
    let release = () => {};
    let committed = () => {};
    const arrived = new Promise<void>((r) => {
      arrive = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    const done = new Promise<void>((r) => {
      committed = r;
    });
    this.holds.push({ arrive, release, released, committed, commitAfterMs });
    return {
      arrived,
      commit: async () => {
        release();
        await done;
      },
    };
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  /** What Wings reports when an install script finishes. */
  finishInstall(serverId: number, status: string | null = null): void {
    const s = this.state.servers.find((x) => x.id === serverId);
    if (s && s.status === 'installing') s.status = status;
  }

  private on(method: string, path: string, handler: Handler): void {
    const pattern = new RegExp(`^/api/application${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    this.routes.push({ method, pattern, names, handler });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pelican = this.pelican;
    // Pelican answers errors met after the throttle through it, so they carry its headers too.
    let throttled: Record<string, string> | undefined;
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      if (this.options.latencyMs) await new Promise((r) => setTimeout(r, this.options.latencyMs));
      const url = new URL(req.url ?? '/', 'http://sim');
      const route = this.routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      const params = route ? (url.pathname.match(route.pattern) ?? []).slice(1).map(decodeURIComponent) : [];
      // Laravel matches the route before any middleware runs (Pterodactyl mode keeps its older order).
      if (pelican && !route) throw routeNotFound(url.pathname);
      const auth = req.headers.authorization ?? '';
      const key = this.options.apiKey ?? (pelican ? 'papp_simulator' : 'ptla_simulator');
      if (!auth.startsWith('Bearer ') || auth.slice(7) !== key) {
        throw new HttpError(401, [{ code: 'AuthenticationException', status: '401', detail: 'Unauthenticated.' }]);
      }
      let body: Body = {};
      if (pelican) {
        // Pelican's bootstrap/app.php runs IsValidJson and SubstituteBindings before the throttle:
        // a malformed body or an unknown id is refused without counting toward the limit.
        body = await this.readBody(req);
        route?.names.forEach((name, i) => {
          const table = BOUND[name as keyof typeof BOUND];
          if (table) byId<{ id: number }>(this.state[table], params[i]);
        });
      }
      const limit = this.options.rateLimit ?? (pelican ? 256 : 240);
      if (Date.now() - this.window.start > 60_000) this.window = { start: Date.now(), count: 0 };
      this.window.count += 1;
      const rateHeaders = {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.max(0, limit - this.window.count)),
      };
      if (this.window.count > limit) {
        // As Laravel's ThrottleRequests: how many seconds until the bucket frees up, and when that is.
        const resetAt = this.window.start + 60_000;
        const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
        send(
          429,
          { errors: [{ code: 'ThrottleRequestsException', status: '429', detail: 'Too Many Attempts.' }] },
          {
            ...rateHeaders,
            'retry-after': String(retryAfter),
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + retryAfter),
          },
        );
        return;
      }
      if (pelican) throttled = rateHeaders;
      if (!route) throw routeNotFound(url.pathname);
      if (!pelican) body = await this.readBody(req);
      if (req.method !== 'GET' && this.failNext > 0) {
        this.failNext -= 1;
        throw pelican
          ? new HttpError(500, [{ code: 'ConnectionException', status: '500', detail: UNEXPECTED }])
          : new HttpError(504, [
              {
                code: 'DaemonConnectionException',
                status: '504',
                detail: 'Could not establish a connection to the machine running this server. Please try again.',
              },
            ]);
      }
      const result = (await route.handler({
        params,
        query: url.searchParams,
        body,
        base: `${this.url}/api/application`,
      })) as { status?: number; body?: unknown } | undefined;
      this.options.beforeAnswer?.(req.method ?? 'GET', url.pathname, result?.status ?? 200);
      send(result?.status ?? 200, result?.body, rateHeaders);
    } catch (err) {
      if (err instanceof HttpError) {
        this.options.beforeAnswer?.(req.method ?? 'GET', new URL(req.url ?? '/', 'http://sim').pathname, err.status);
        send(err.status, { errors: err.errors }, throttled);
      } else send(500, { errors: [{ code: 'Exception', status: '500', detail: UNEXPECTED }] }, throttled);
    }
  }

  private readBody(req: IncomingMessage): Promise<Body> {
    if (req.method === 'GET' || req.method === 'DELETE') return Promise.resolve({});
    const malformed = 'The JSON data passed in the request appears to be malformed';
    return readJson(req, this.pelican ? `${malformed}: Syntax error` : `${malformed}.`);
  }

  private register(): void {
    const s = this.state;
    const pelican = this.pelican;
    const on = this.on.bind(this);
    const userBody = (u: SimUser) => item('user', pelican ? pelicanUserAttributes(u) : userAttributes(u));
    const serverBody = (srv: SimServer) =>
      item('server', pelican ? pelicanServerAttributes(srv) : serverAttributes(s, srv));
    const nodeBody = (n: SimNode) => item('node', pelican ? pelicanNodeAttributes(s, n) : nodeAttributes(s, n));
    // First, so that /nodes/deployable is matched before /nodes/{node}.
    if (pelican) pelicanRoutes(s, on, serverBody);

    on('GET', '/users', ({ query, base }) =>
      paginate(filterBy(s.users, query, ['email', 'uuid', 'username', 'external_id']), query, '/users', base, userBody),
    );
    on('GET', '/users/external/{external_id}', ({ params }) => {
      const u = s.users.find((x) => x.external_id === params[0]);
      if (!u) throw notFound();
      return { body: userBody(u) };
    });
    on('GET', '/users/{user}', ({ params }) => ({ body: userBody(byId(s.users, params[0])) }));
    on('DELETE', '/users/{user}', ({ params }) => {
      const u = byId(s.users, params[0]);
      // Pelican's controller refuses a root admin with a bare 403.
      if (pelican && u.root_admin) return { status: 403, body: [] };
      if (s.servers.some((x) => x.user === u.id)) {
        throw display(
          'DisplayException',
          'Cannot delete a user with active servers attached to their account. Please delete their servers before continuing.',
        );
      }
      s.users.splice(s.users.indexOf(u), 1);
      return { status: 204 };
    });

    const serverFilters = pelican
      ? ['uuid', 'uuid_short', 'name', 'description', 'image', 'external_id']
      : ['uuid', 'uuidShort', 'name', 'description', 'image', 'external_id'];
    // Pelican's columns behind its filter names (Pterodactyl mode reads the row as it always has).
    const serverColumn = (srv: SimServer, name: string): unknown => {
      if (pelican && name === 'uuid_short') return srv.uuid.slice(0, 8);
      if (pelican && name === 'image') return srv.docker_image;
      return (srv as unknown as Record<string, unknown>)[name];
    };
    on('GET', '/servers', ({ query, base }) =>
      paginate(filterBy(s.servers, query, serverFilters, serverColumn), query, '/servers', base, serverBody),
    );
    on('GET', '/servers/external/{external_id}', ({ params }) => {
      const srv = s.servers.find((x) => x.external_id === params[0]);
      if (!srv) throw notFound();
      return { body: serverBody(srv) };
    });
    on('GET', '/servers/{server}', ({ params }) => ({ body: serverBody(byId(s.servers, params[0])) }));
    on('POST', '/servers', async ({ body }) => {
      const hold = this.holds.shift();
      if (hold) {
        hold.arrive();
        if (hold.commitAfterMs !== undefined) this.later(hold.release, hold.commitAfterMs);
        await hold.released;
      }
      try {
        const server = pelican ? createPelicanServer(s, body) : createPterodactylServer(s, body);
        if (this.options.autoInstallMs !== undefined)
          this.later(() => this.finishInstall(server.id), this.options.autoInstallMs);
        return { status: 201, body: serverBody(server) };
      } finally {
        hold?.committed();
      }
    });
    for (const [action, status] of [
      ['suspend', 'suspended'],
      ['unsuspend', null],
    ] as const) {
      on('POST', `/servers/{server}/${action}`, ({ params }) => {
        const srv = byId(s.servers, params[0]);
        // Pelican's SuspensionService leaves a server already in that state alone (an installing one too).
        if (!pelican || (status === 'suspended') !== (srv.status === 'suspended')) srv.status = status;
        return { status: 204 };
      });
    }
    const remove = ({ params }: { params: string[] }) => {
      const srv = byId(s.servers, params[0]);
      s.servers.splice(s.servers.indexOf(srv), 1);
      for (const a of s.allocations) if (a.server_id === srv.id) a.server_id = null;
      return { status: 204 };
    };
    on('DELETE', '/servers/{server}', remove);
    on('DELETE', '/servers/{server}/force', remove);

    on('GET', '/nodes', ({ query, base }) =>
      paginate(
        pelican ? filterBy(s.nodes, query, ['uuid', 'name', 'fqdn', 'daemon_token_id']) : s.nodes,
        query,
        '/nodes',
        base,
        nodeBody,
      ),
    );
    on('GET', '/nodes/{node}', ({ params }) => ({ body: nodeBody(byId(s.nodes, params[0])) }));
    if (!pelican) pterodactylRoutes(s, on, serverBody);
  }
}
