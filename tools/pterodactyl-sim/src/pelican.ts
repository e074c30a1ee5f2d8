import { randomUUID } from 'node:crypto';
import { byId, HttpError, includes, invalid, type Route, UNEXPECTED } from './http.ts';
import { type DataRule, laravelInput, lookup, type Rules, validate } from './laravel.ts';
import { viableNodes } from './pelican-deploy.ts';
import { pelicanEggAttributes, pelicanNodeAttributes, pelicanUserAttributes } from './pelican-present.ts';
import { item, list } from './present.ts';
import { atom, nextId, type SimServer, type SimState, type SimUser } from './state.ts';

/** The routes only Pelican has, or where its rules differ from Pterodactyl's (read from its requests and services). */

const TIMEZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
/** An ICU locale as ResourceBundle::getLocales lists them (`en`, `ro_MD`). */
const isLocale = (v: unknown) =>
  typeof v === 'string' &&
  /^[a-z]{2,3}(_[A-Za-z0-9]+)*$/.test(v) &&
  Intl.DateTimeFormat.supportedLocalesOf(v.replace(/_/g, '-')).length > 0;

const unique = (taken: (v: unknown) => boolean): DataRule => ({ rule: 'unique', passes: (v) => !taken(v) });
const lower = (v: unknown) => String(v).toLowerCase();
const asBool = (v: unknown) => v === true || v === 1 || v === '1';

/** User::$validationRules as StoreUserRequest keeps them (only these fields; no first or last name). */
function userRules(s: SimState, self?: number): Rules {
  const others = s.users.filter((u) => u.id !== self);
  return {
    email: ['required', 'email', 'between:1,255', unique((v) => others.some((u) => u.email === lower(v)))],
    external_id: ['sometimes', 'nullable', 'string', 'max:255', unique((v) => others.some((u) => u.external_id === v))],
    is_managed_externally: ['boolean'],
    username: ['required', 'between:1,255', unique((v) => others.some((u) => u.username === lower(v)))],
    password: ['sometimes', 'nullable', 'string'],
    language: ['string', { rule: 'in', passes: isLocale }],
    timezone: ['string', { rule: 'in', passes: (v) => TIMEZONES.has(String(v)) }],
  };
}
const USER_NAMES = { external_id: 'Third Party Identifier', is_managed_externally: 'Is managed by Third Party?' };

/** What UserUpdateService writes: every validated field sent, an empty password left alone. */
function fillUser(u: SimUser, input: Record<string, unknown>): void {
  const sent = (key: string) => lookup(input, key).present;
  if (sent('email')) u.email = lower(input.email);
  if (sent('username')) u.username = lower(input.username);
  if (sent('external_id')) u.external_id = (input.external_id as string | null) ?? null;
  if (sent('is_managed_externally')) u.is_managed_externally = asBool(input.is_managed_externally);
  if (sent('language')) u.language = String(input.language);
  if (sent('timezone')) u.timezone = String(input.timezone);
  if (input.password) u.password = String(input.password);
}

function checked(body: Record<string, unknown>, rules: Rules, names?: Record<string, string>) {
  const input = laravelInput(body);
  const errors = validate(input, rules, names);
  if (errors.length) throw invalid(errors);
  return input;
}

/** The query string as PHP reads it: `tags[]=a&tags[]=b` is a list. */
function phpQuery(query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of query) {
    const m = key.match(/^(\w+)\[\w*\]$/);
    if (m?.[1]) out[m[1]] = [...((out[m[1]] as string[] | undefined) ?? []), value];
    else out[key] = value;
  }
  return out;
}

export function pelicanRoutes(s: SimState, on: Route, serverBody: (srv: SimServer) => unknown): void {
  on('POST', '/users', ({ body, base }) => {
    const input = checked(body, userRules(s), USER_NAMES);
    const now = atom();
    const u: SimUser = {
      id: nextId(s, 'users'),
      external_id: null,
      uuid: randomUUID(),
      username: '',
      email: '',
      language: 'en',
      timezone: 'UTC',
      is_managed_externally: false,
      root_admin: false,
      password: null,
      created_at: now,
      updated_at: now,
    };
    fillUser(u, input);
    s.users.push(u);
    return {
      status: 201,
      body: { ...item('user', pelicanUserAttributes(u)), meta: { resource: `${base}/users/${u.id}` } },
    };
  });
  on('PATCH', '/users/{user}', ({ params, body }) => {
    const u = byId(s.users, params[0]);
    fillUser(u, checked(body, userRules(s, u.id), USER_NAMES));
    u.updated_at = atom();
    return { body: item('user', pelicanUserAttributes(u)) };
  });

  on('GET', '/eggs', ({ query }) => ({
    body: list(s.eggs.map((e) => item('egg', pelicanEggAttributes(e, includes(query))))),
  }));
  on('GET', '/eggs/{egg}', ({ params, query }) => ({
    body: item('egg', pelicanEggAttributes(byId(s.eggs, params[0]), includes(query))),
  }));

  // Registered before /nodes/{node}, as in Pelican's routes file. Never paginated; empty when nothing fits.
  on('GET', '/nodes/deployable', ({ query }) => {
    const input = checked(phpQuery(query), {
      page: ['integer'],
      memory: ['required', 'integer', 'min:0'],
      disk: ['required', 'integer', 'min:0'],
      cpu: ['sometimes', 'integer', 'min:0'],
      tags: ['sometimes', 'array'],
    });
    const tags = Object.values((input.tags as object | undefined) ?? {});
    const nodes = viableNodes(s, Number(input.memory), Number(input.disk), Number(input.cpu ?? 0), tags);
    return { body: list(nodes.map((n) => item('node', pelicanNodeAttributes(s, n)))) };
  });

  on('PATCH', '/servers/{server}/details', ({ params, body }) => {
    const srv = byId(s.servers, params[0]);
    const others = s.servers.filter((x) => x.id !== srv.id);
    const rules: Rules = {
      external_id: [
        'sometimes',
        'nullable',
        'string',
        'between:1,255',
        unique((v) => others.some((x) => x.external_id === v)),
      ],
      name: ['required', 'string', 'min:1', 'max:255'],
      user: ['required', 'integer', { rule: 'exists', passes: (v) => s.users.some((u) => u.id === Number(v)) }],
      description: ['nullable', 'string'],
    };
    const input = checked(body, rules, { user: 'User ID', name: 'Server Name' });
    // A full replace: an omitted external_id becomes null, an omitted description ''.
    Object.assign(srv, {
      external_id: (input.external_id as string | undefined) ?? null,
      user: Number(input.user),
      name: String(input.name),
      description: (input.description as string | undefined) ?? '',
      updated_at: atom(),
    });
    return { body: serverBody(srv) };
  });

  on('PATCH', '/servers/{server}/build', ({ params, body }) => {
    const srv = byId(s.servers, params[0]);
    const limit = (rule: string) => ['required_with:limits', 'numeric', rule];
    const input = checked(
      body,
      {
        allocation: [
          'sometimes',
          'nullable',
          unique((v) => s.servers.some((x) => x.id !== srv.id && x.allocation === Number(v))),
          { rule: 'exists', passes: (v) => s.allocations.some((a) => a.id === Number(v)) },
        ],
        oom_killer: ['sometimes', 'boolean'],
        limits: ['sometimes', 'array'],
        'limits.memory': limit('min:0'),
        'limits.swap': limit('min:-1'),
        'limits.io': limit('between:0,1000'),
        'limits.cpu': limit('min:0'),
        'limits.threads': ['nullable', 'regex:/^[0-9-,]+$/'],
        'limits.disk': limit('min:0'),
        feature_limits: ['required', 'array'],
        'feature_limits.databases': ['present', 'nullable', 'integer', 'min:0'],
        'feature_limits.allocations': ['sometimes', 'nullable', 'integer', 'min:0'],
        'feature_limits.backups': ['present', 'nullable', 'integer', 'min:0'],
      },
      {
        'feature_limits.databases': 'Database Limit',
        'feature_limits.allocations': 'Allocation Limit',
        'feature_limits.backups': 'Backup Limit',
      },
    );
    // The request reads $data['allocation'] unguarded: leaving it out is a PHP warning, answered as a 500.
    if (!('allocation' in input))
      throw new HttpError(500, [{ code: 'ErrorException', status: '500', detail: UNEXPECTED }]);
    const allocation = input.allocation === null ? null : Number(input.allocation);
    // Another default must already belong to the server ($server->allocations()->findOrFail).
    if (allocation !== null && allocation !== srv.allocation)
      byId(
        s.allocations.filter((a) => a.server_id === srv.id),
        String(allocation),
      );
    const limits = (input.limits ?? {}) as Record<string, unknown>;
    for (const key of ['memory', 'swap', 'io', 'cpu', 'disk'] as const)
      if (key in limits) srv.limits[key] = Number(limits[key]);
    if ('threads' in limits) srv.limits.threads = (limits.threads as string | null) ?? null;
    // The limits block is merged in whole, so a limits.oom_disabled stands in for a missing oom_killer.
    if ('oom_killer' in input) srv.limits.oom_disabled = !asBool(input.oom_killer);
    else if ('oom_disabled' in limits) srv.limits.oom_disabled = asBool(limits.oom_disabled);
    const f = input.feature_limits as Record<string, unknown>;
    const count = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    srv.allocation = allocation;
    srv.feature_limits = {
      databases: count(f.databases),
      allocations: count(f.allocations),
      backups: count(f.backups) ?? 0,
    };
    srv.updated_at = atom();
    return { body: serverBody(srv) };
  });
}
