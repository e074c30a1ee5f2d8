import { randomUUID } from 'node:crypto';
import { type Body, byId, display, type FieldError, filterBy, includes, invalid, type Route } from './http.ts';
import { eggAttributes, item, list, locationAttributes, nestAttributes, paginate, userAttributes } from './present.ts';
import { atom, nextId, type SimAllocation, type SimServer, type SimState } from './state.ts';

/** The routes only Pterodactyl has, or where its rules differ from Pelican's. */
export function pterodactylRoutes(s: SimState, on: Route, serverBody: (srv: SimServer) => unknown): void {
  on('POST', '/users', ({ body, base }) => {
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
  on('PATCH', '/users/{id}', ({ params, body }) => {
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
  on('PATCH', '/servers/{id}/details', ({ params, body }) => {
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
  on('PATCH', '/servers/{id}/build', ({ params, body }) => {
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
  on('GET', '/nests', ({ query, base }) =>
    paginate(s.nests, query, '/nests', base, (n) => item('nest', nestAttributes(n))),
  );
  on('GET', '/nests/{id}', ({ params }) => ({ body: item('nest', nestAttributes(byId(s.nests, params[0]))) }));
  on('GET', '/nests/{id}/eggs', ({ params, query }) => {
    const nest = byId(s.nests, params[0]);
    const include = includes(query);
    return {
      body: list(s.eggs.filter((e) => e.nest === nest.id).map((e) => item('egg', eggAttributes(e, include)))),
    };
  });
  on('GET', '/nests/{id}/eggs/{egg}', ({ params, query }) => {
    const nest = byId(s.nests, params[0]);
    const egg = byId(
      s.eggs.filter((e) => e.nest === nest.id),
      params[1],
    );
    return { body: item('egg', eggAttributes(egg, includes(query))) };
  });
  on('GET', '/locations', ({ query, base }) =>
    paginate(filterBy(s.locations, query, ['short', 'long']), query, '/locations', base, (l) =>
      item('location', locationAttributes(l)),
    ),
  );
  on('GET', '/locations/{id}', ({ params }) => ({
    body: item('location', locationAttributes(byId(s.locations, params[0]))),
  }));
}

/** POST /servers as Pterodactyl validates and deploys it. */
export function createPterodactylServer(s: SimState, body: Body): SimServer {
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
      (n) => n.public && (deploy.locations?.length ? deploy.locations.includes(n.location_id ?? 0) : true),
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
  return server;
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
