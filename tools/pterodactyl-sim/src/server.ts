import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  eggAttributes,
  item,
  list,
  locationAttributes,
  nestAttributes,
  nodeAttributes,
  paginated,
  serverAttributes,
  userAttributes,
} from './present.ts';
import { atom, nextId, type SimAllocation, type SimServer, type SimState, seedState } from './state.ts';

export interface SimulatorOptions {
  /** The Application API key the simulator accepts (Bearer). */
  apiKey?: string;
  /** Added to every request, in milliseconds. */
  latencyMs?: number;
  /** New servers finish installing after this long (ms); undefined leaves them installing until told. */
  autoInstallMs?: number;
  /** Requests a minute before 429 (the panel's default is 240). */
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

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { code: string; status: string; detail: string; meta?: Record<string, string> }[],
  ) {
    super(errors[0]?.detail);
  }
}
const notFound = () =>
  new HttpError(404, [
    {
      code: 'NotFoundHttpException',
      status: '404',
      detail: 'The requested resource could not be found on the server.',
    },
  ]);
const display = (code: string, detail: string) => new HttpError(400, [{ code, status: '400', detail }]);
interface FieldError {
  field: string;
  rule: string;
  detail: string;
}
const invalid = (errors: FieldError[]) =>
  new HttpError(
    422,
    errors.map((e) => ({
      code: 'ValidationException',
      status: '422',
      detail: e.detail,
      meta: { source_field: e.field, rule: e.rule },
    })),
  );

type Body = Record<string, unknown>;
type Handler = (ctx: {
  params: string[];
  query: URLSearchParams;
  body: Body;
  base: string;
}) => unknown | Promise<unknown>;

/** An in-memory Pterodactyl Application API (v1): same paths, envelopes, validation and errors. */
export class PterodactylSimulator {
  readonly state: SimState;
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
  private readonly routes: [string, RegExp, Handler][] = [];
  private timers = new Set<NodeJS.Timeout>();

  constructor(readonly options: SimulatorOptions = {}) {
    this.state = options.state ?? seedState();
    this.register();
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

  /** The next n write calls fail as if Wings were down (504, nothing changed). */
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
    this.routes.push([method, pattern, handler]);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      if (this.options.latencyMs) await new Promise((r) => setTimeout(r, this.options.latencyMs));
      const url = new URL(req.url ?? '/', 'http://sim');
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || auth.slice(7) !== (this.options.apiKey ?? 'ptla_simulator')) {
        throw new HttpError(401, [{ code: 'AuthenticationException', status: '401', detail: 'Unauthenticated.' }]);
      }
      const limit = this.options.rateLimit ?? 240;
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
      const route = this.routes.find(([m, p]) => m === req.method && p.test(url.pathname));
      if (!route) {
        throw new HttpError(404, [
          {
            code: 'NotFoundHttpException',
            status: '404',
            detail: `The route ${url.pathname.slice(1)} could not be found.`,
          },
        ]);
      }
      const body = req.method === 'GET' || req.method === 'DELETE' ? {} : await readJson(req);
      if (req.method !== 'GET' && this.failNext > 0) {
        this.failNext -= 1;
        throw new HttpError(504, [
          {
            code: 'DaemonConnectionException',
            status: '504',
            detail: 'Could not establish a connection to the machine running this server. Please try again.',
          },
        ]);
      }
      const params = (url.pathname.match(route[1]) ?? []).slice(1).map(decodeURIComponent);
      const result = (await route[2]({ params, query: url.searchParams, body, base: `${this.url}/api/application` })) as
        | { status?: number; body?: unknown }
        | undefined;
      this.options.beforeAnswer?.(req.method ?? 'GET', url.pathname, result?.status ?? 200);
      send(result?.status ?? 200, result?.body, rateHeaders);
    } catch (err) {
      if (err instanceof HttpError) {
        this.options.beforeAnswer?.(req.method ?? 'GET', new URL(req.url ?? '/', 'http://sim').pathname, err.status);
        send(err.status, { errors: err.errors });
      } else
        send(500, {
          errors: [
            {
              code: 'Exception',
              status: '500',
              detail: 'An unexpected error was encountered while processing this request, please try again.',
            },
          ],
        });
    }
  }

  private page<T>(items: T[], query: URLSearchParams, path: string, base: string, map: (t: T) => unknown) {
    const perPage = Number(query.get('per_page')) || 50;
    const page = Math.max(1, Number(query.get('page')) || 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    return { body: paginated(slice.map(map), items.length, page, perPage, path, base) };
  }

  private register(): void {
    const s = this.state;
    const byId = <T extends { id: number }>(rows: T[], id: string | undefined): T => {
      const found = /^\d+$/.test(id ?? '') ? rows.find((r) => r.id === Number(id)) : undefined;
      if (!found) throw notFound();
      return found;
    };
    const filterBy = <T>(rows: T[], query: URLSearchParams, allowed: string[]): T[] => {
      let out = rows;
      for (const [key, value] of query) {
        const m = key.match(/^filter\[(\w+)\]$/);
        if (!m?.[1]) continue;
        if (!allowed.includes(m[1])) {
          throw new HttpError(400, [
            {
              code: 'InvalidFilterQuery',
              status: '400',
              detail: `Requested filter(s) \`${m[1]}\` are not allowed. Allowed filter(s) are \`${allowed.join(', ')}\`.`,
            },
          ]);
        }
        const terms = value.toLowerCase().split(',');
        out = out.filter((r) =>
          terms.some((t) =>
            String((r as Record<string, unknown>)[m[1] as string] ?? '')
              .toLowerCase()
              .includes(t),
          ),
        );
      }
      return out;
    };

    this.on('GET', '/users', ({ query, base }) =>
      this.page(filterBy(s.users, query, ['email', 'uuid', 'username', 'external_id']), query, '/users', base, (u) =>
        item('user', userAttributes(u)),
      ),
    );
    this.on('GET', '/users/external/{id}', ({ params }) => {
      const u = s.users.find((x) => x.external_id === params[0]);
      if (!u) throw notFound();
      return { body: item('user', userAttributes(u)) };
    });
    this.on('GET', '/users/{id}', ({ params }) => ({ body: item('user', userAttributes(byId(s.users, params[0]))) }));
    this.on('POST', '/users', ({ body, base }) => {
      validateUser(s, body);
      const now = atom();
      const u = {
        id: nextId(s, 'users'),
        external_id: (body.external_id as string | undefined) ?? null,
        uuid: randomUUID(),
        username: String(body.username).toLowerCase(),
        email: String(body.email),
        first_name: String(body.first_name),
        last_name: String(body.last_name),
        language: 'en',
        root_admin: body.root_admin === true,
        password: (body.password as string | undefined) ?? null,
        created_at: now,
        updated_at: now,
      };
      s.users.push(u);
      return { status: 201, body: { ...item('user', userAttributes(u)), meta: { resource: `${base}/users/${u.id}` } } };
    });
    this.on('PATCH', '/users/{id}', ({ params, body }) => {
      const u = byId(s.users, params[0]);
      validateUser(s, body, u.id);
      Object.assign(u, {
        username: String(body.username).toLowerCase(),
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name,
        updated_at: atom(),
      });
      if (body.external_id !== undefined) u.external_id = body.external_id as string | null;
      return { body: item('user', userAttributes(u)) };
    });
    this.on('DELETE', '/users/{id}', ({ params }) => {
      const u = byId(s.users, params[0]);
      if (s.servers.some((x) => x.user === u.id)) {
        throw display(
          'DisplayException',
          'Cannot delete a user with active servers attached to their account. Please delete their servers before continuing.',
        );
      }
      s.users.splice(s.users.indexOf(u), 1);
      return { status: 204 };
    });

    const serverBody = (srv: SimServer) => item('server', serverAttributes(s, srv));
    this.on('GET', '/servers', ({ query, base }) =>
      this.page(
        filterBy(s.servers, query, ['uuid', 'uuidShort', 'name', 'description', 'image', 'external_id']),
        query,
        '/servers',
        base,
        serverBody,
      ),
    );
    this.on('GET', '/servers/external/{id}', ({ params }) => {
      const srv = s.servers.find((x) => x.external_id === params[0]);
      if (!srv) throw notFound();
      return { body: serverBody(srv) };
    });
    this.on('GET', '/servers/{id}', ({ params }) => ({ body: serverBody(byId(s.servers, params[0])) }));
    this.on('POST', '/servers', async ({ body }) => {
      const hold = this.holds.shift();
      if (hold) {
        hold.arrive();
        if (hold.commitAfterMs !== undefined) this.later(hold.release, hold.commitAfterMs);
        await hold.released;
      }
      try {
        return { status: 201, body: serverBody(this.createServer(body)) };
      } finally {
        hold?.committed();
      }
    });
    this.on('PATCH', '/servers/{id}/details', ({ params, body }) => {
      const srv = byId(s.servers, params[0]);
      const errors: FieldError[] = [];
      if (!body.name) errors.push({ field: 'name', rule: 'required', detail: 'The name field is required.' });
      if (!s.users.some((u) => u.id === body.user))
        errors.push({
          field: 'user',
          rule: body.user === undefined ? 'required' : 'exists',
          detail: 'The user field is required.',
        });
      if (errors.length) throw invalid(errors);
      // A full replace, as on the real panel: an omitted external_id becomes null.
      Object.assign(srv, {
        name: body.name,
        user: body.user,
        description: (body.description as string) ?? '',
        external_id: (body.external_id as string | undefined) ?? null,
        updated_at: atom(),
      });
      return { body: serverBody(srv) };
    });
    this.on('PATCH', '/servers/{id}/build', ({ params, body }) => {
      const srv = byId(s.servers, params[0]);
      const errors: FieldError[] = [];
      if (body.allocation === undefined)
        errors.push({ field: 'allocation', rule: 'required', detail: 'The allocation field is required.' });
      if (!body.feature_limits || typeof body.feature_limits !== 'object')
        errors.push({ field: 'feature_limits', rule: 'required', detail: 'The feature limits field is required.' });
      const limits = (body.limits ?? body) as Record<string, number>;
      for (const k of ['memory', 'swap', 'disk', 'io', 'cpu'])
        if (typeof limits[k] !== 'number')
          errors.push({ field: `limits.${k}`, rule: 'required', detail: `The limits.${k} field is required.` });
      if (errors.length) throw invalid(errors);
      if (body.allocation !== srv.allocation)
        throw display('DisplayException', 'The requested default allocation is not currently assigned to this server.');
      const f = body.feature_limits as Record<string, number | null>;
      srv.limits = {
        ...srv.limits,
        memory: limits.memory as number,
        swap: limits.swap as number,
        disk: limits.disk as number,
        io: limits.io as number,
        cpu: limits.cpu as number,
      };
      srv.feature_limits = {
        databases: f.databases ?? null,
        allocations: f.allocations ?? null,
        backups: f.backups ?? 0,
      };
      srv.updated_at = atom();
      return { body: serverBody(srv) };
    });
    for (const [action, status] of [
      ['suspend', 'suspended'],
      ['unsuspend', null],
    ] as const) {
      this.on('POST', `/servers/{id}/${action}`, ({ params }) => {
        const srv = byId(s.servers, params[0]);
        srv.status = status;
        return { status: 204 };
      });
    }
    const remove = ({ params }: { params: string[] }) => {
      const srv = byId(s.servers, params[0]);
      s.servers.splice(s.servers.indexOf(srv), 1);
      for (const a of s.allocations) if (a.server_id === srv.id) a.server_id = null;
      return { status: 204 };
    };
    this.on('DELETE', '/servers/{id}', remove);
    this.on('DELETE', '/servers/{id}/force', remove);

    this.on('GET', '/nests', ({ query, base }) =>
      this.page(s.nests, query, '/nests', base, (n) => item('nest', nestAttributes(n))),
    );
    this.on('GET', '/nests/{id}', ({ params }) => ({ body: item('nest', nestAttributes(byId(s.nests, params[0]))) }));
    this.on('GET', '/nests/{id}/eggs', ({ params, query }) => {
      const nest = byId(s.nests, params[0]);
      const include = includes(query);
      return {
        body: list(s.eggs.filter((e) => e.nest === nest.id).map((e) => item('egg', eggAttributes(e, include)))),
      };
    });
    this.on('GET', '/nests/{id}/eggs/{egg}', ({ params, query }) => {
      const nest = byId(s.nests, params[0]);
      const egg = byId(
        s.eggs.filter((e) => e.nest === nest.id),
        params[1],
      );
      return { body: item('egg', eggAttributes(egg, includes(query))) };
    });
    this.on('GET', '/locations', ({ query, base }) =>
      this.page(filterBy(s.locations, query, ['short', 'long']), query, '/locations', base, (l) =>
        item('location', locationAttributes(l)),
      ),
    );
    this.on('GET', '/locations/{id}', ({ params }) => ({
      body: item('location', locationAttributes(byId(s.locations, params[0]))),
    }));
    this.on('GET', '/nodes', ({ query, base }) =>
      this.page(s.nodes, query, '/nodes', base, (n) => item('node', nodeAttributes(s, n))),
    );
    this.on('GET', '/nodes/{id}', ({ params }) => ({
      body: item('node', nodeAttributes(s, byId(s.nodes, params[0]))),
    }));
  }

  private createServer(body: Body): SimServer {
    const s = this.state;
    const errors: FieldError[] = [];
    const need = (field: string, ok: boolean, rule = 'required', detail?: string) => {
      if (!ok)
        errors.push({
          field,
          rule,
          detail: detail ?? `The ${field} field is ${rule === 'required' ? 'required' : 'invalid'}.`,
        });
    };
    need('name', typeof body.name === 'string' && body.name.length > 0);
    need('user', typeof body.user === 'number');
    if (typeof body.user === 'number')
      need(
        'user',
        s.users.some((u) => u.id === body.user),
        'exists',
      );
    need('egg', typeof body.egg === 'number');
    const egg = s.eggs.find((e) => e.id === body.egg);
    if (typeof body.egg === 'number') need('egg', Boolean(egg), 'exists');
    need('docker_image', typeof body.docker_image === 'string');
    need('startup', typeof body.startup === 'string');
    need('environment', Boolean(body.environment) && typeof body.environment === 'object', 'present');
    if (body.external_id !== undefined && body.external_id !== null) {
      // Laravel's own messages (the attribute's underscores read as spaces).
      need('external_id', typeof body.external_id === 'string', 'string', 'The external id must be a string.');
      need(
        'external_id',
        !s.servers.some((x) => x.external_id === body.external_id),
        'unique',
        'The external id has already been taken.',
      );
    }
    const limits = (body.limits ?? {}) as Record<string, unknown>;
    need('limits', typeof body.limits === 'object' && body.limits !== null);
    for (const k of ['memory', 'swap', 'disk', 'io', 'cpu']) need(`limits.${k}`, typeof limits[k] === 'number');
    if (typeof limits.io === 'number') need('limits.io', limits.io >= 10 && limits.io <= 1000, 'between');
    const features = (body.feature_limits ?? {}) as Record<string, unknown>;
    need('feature_limits', typeof body.feature_limits === 'object' && body.feature_limits !== null);
    need('feature_limits.databases', 'databases' in features, 'present');
    need('feature_limits.backups', 'backups' in features, 'present');
    const deploy = body.deploy as { locations?: number[]; dedicated_ip?: boolean; port_range?: string[] } | undefined;
    if (deploy) {
      need('deploy.locations', Array.isArray(deploy.locations), 'present');
      need('deploy.dedicated_ip', deploy.dedicated_ip !== undefined);
      need('deploy.port_range', Array.isArray(deploy.port_range), 'present');
    } else {
      need('allocation.default', typeof (body.allocation as { default?: unknown } | undefined)?.default === 'number');
    }
    const env: Record<string, string> = {};
    for (const v of egg?.variables ?? []) {
      const value = (body.environment as Record<string, unknown> | undefined)?.[v.env_variable];
      if (v.rules.includes('required') && (value === undefined || value === null || value === '')) {
        errors.push({
          field: `environment.${v.env_variable}`,
          rule: 'required',
          detail: `The ${v.name} variable field is required.`,
        });
      }
      env[v.env_variable] = value === undefined || value === null ? '' : String(value);
    }
    if (errors.length) throw invalid(errors);

    let allocation: SimAllocation | undefined;
    if (deploy) {
      const nodes = s.nodes.filter(
        (n) => n.public && (deploy.locations?.length ? deploy.locations.includes(n.location_id) : true),
      );
      const viable = nodes.filter((n) => {
        const used = s.servers.filter((x) => x.node === n.id);
        return (
          used.reduce((a, x) => a + x.limits.memory, 0) + Number(limits.memory) <=
          n.memory * (1 + n.memory_overallocate / 100)
        );
      });
      if (viable.length === 0)
        throw display(
          'NoViableNodeException',
          'No nodes satisfying the requirements specified for automatic deployment could be found.',
        );
      allocation = s.allocations.find((a) => a.server_id === null && viable.some((n) => n.id === a.node_id));
      if (!allocation)
        throw display(
          'NoViableAllocationException',
          'No allocations satisfying the requirements for automatic deployment were found.',
        );
    } else {
      allocation = s.allocations.find(
        (a) => a.id === (body.allocation as { default: number }).default && a.server_id === null,
      );
      if (!allocation)
        throw invalid([
          { field: 'allocation.default', rule: 'exists', detail: 'The selected allocation.default is invalid.' },
        ]);
    }
    const now = atom();
    const server: SimServer = {
      id: nextId(s, 'servers'),
      external_id: (body.external_id as string | undefined) ?? null,
      uuid: randomUUID(),
      name: String(body.name),
      description: (body.description as string | undefined) ?? '',
      status: 'installing',
      user: body.user as number,
      node: allocation.node_id,
      allocation: allocation.id,
      nest: egg?.nest ?? 0,
      egg: body.egg as number,
      limits: {
        memory: Number(limits.memory),
        swap: Number(limits.swap),
        disk: Number(limits.disk),
        io: Number(limits.io),
        cpu: Number(limits.cpu),
        threads: null,
        oom_disabled: body.oom_disabled !== false,
      },
      feature_limits: {
        databases: (features.databases as number | null) ?? 0,
        allocations: (features.allocations as number | null) ?? 0,
        backups: (features.backups as number | null) ?? 0,
      },
      docker_image: String(body.docker_image),
      startup: String(body.startup),
      environment: env,
      created_at: now,
      updated_at: now,
    };
    allocation.server_id = server.id;
    s.servers.push(server);
    if (this.options.autoInstallMs !== undefined)
      this.later(() => this.finishInstall(server.id), this.options.autoInstallMs);
    return server;
  }
}

function includes(query: URLSearchParams): Set<string> {
  return new Set(
    [...query.getAll('include'), ...query.getAll('include[]')]
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  );
}

const USERNAME = /^[a-z0-9]([\w.-]+)[a-z0-9]$/;

function validateUser(s: SimState, body: Body, selfId?: number): void {
  const errors: FieldError[] = [];
  const email = body.email;
  if (typeof email !== 'string' || email === '')
    errors.push({ field: 'email', rule: 'required', detail: 'The email field is required.' });
  else if (!/^[^@\s]+@[^@\s]+$/.test(email))
    errors.push({ field: 'email', rule: 'email', detail: 'The email must be a valid email address.' });
  else if (s.users.some((u) => u.email.toLowerCase() === email.toLowerCase() && u.id !== selfId))
    errors.push({ field: 'email', rule: 'unique', detail: 'The email has already been taken.' });
  const username = typeof body.username === 'string' ? body.username.toLowerCase() : '';
  if (!username) errors.push({ field: 'username', rule: 'required', detail: 'The username field is required.' });
  else if (!USERNAME.test(username)) {
    errors.push({
      field: 'username',
      rule: 'p_username',
      detail:
        'The username must start and end with alpha-numeric characters and\n                contain only letters, numbers, dashes, underscores, and periods.',
    });
  } else if (s.users.some((u) => u.username === username && u.id !== selfId))
    errors.push({ field: 'username', rule: 'unique', detail: 'The username has already been taken.' });
  for (const f of ['first_name', 'last_name'])
    if (typeof body[f] !== 'string' || body[f] === '')
      errors.push({ field: f, rule: 'required', detail: `The ${f.replace('_', ' ')} field is required.` });
  if (body.external_id !== undefined && body.external_id !== null) {
    if (typeof body.external_id !== 'string')
      errors.push({ field: 'external_id', rule: 'string', detail: 'The external id must be a string.' });
    else if (s.users.some((u) => u.external_id === body.external_id && u.id !== selfId))
      errors.push({ field: 'external_id', rule: 'unique', detail: 'The external id has already been taken.' });
  }
  if (errors.length) throw invalid(errors);
}

async function readJson(req: IncomingMessage): Promise<Body> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Body) : {};
  } catch {
    throw new HttpError(400, [
      {
        code: 'BadRequestHttpException',
        status: '400',
        detail: 'The JSON data passed in the request appears to be malformed.',
      },
    ]);
  }
}
