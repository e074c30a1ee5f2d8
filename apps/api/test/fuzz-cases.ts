import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The slice of an OpenAPI schema object the fuzzer reads. */
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}
interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}
export interface Operation {
  method: string;
  /** The OpenAPI path, `/api/admin/users/{id}`. */
  path: string;
  /** The Fastify route of it, `/api/admin/users/:id`. */
  route: string;
  params: Parameter[];
  query: Parameter[];
  bodies: Record<string, Schema>;
}
export interface FuzzRequest {
  name: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

/** Every operation of the committed OpenAPI document. */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = op.parameters ?? [];
      const bodies: Record<string, Schema> = {};
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) bodies[type] = content.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1'),
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        bodies,
      });
    }
  }
  return out;
}

/** A route the document leaves out (the AFK WebSocket, the docs, the SPA), walked without schemas. */
export function bareOperation(method: string, route: string): Operation {
  const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (route.endsWith('*')) names.push('*');
  return {
    method,
    path: route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'),
    route,
    params: names.map((name) => ({ in: 'path', name, schema: { type: 'string' } })),
    query: [],
    bodies: {},
  };
}

function resolve(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) s = document.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
  if (s.allOf) return Object.assign({}, ...s.allOf.map(resolve));
  const options = s.anyOf ?? s.oneOf;
  if (options) return resolve(options.find((o) => resolve(o).type !== 'null') ?? options[0]!);
  return s;
}

/** How sampled values look: plausible, with NUL in every free text, or at the edges of their ranges. */
export type Flavour = 'plausible' | 'nul' | 'edge';
const TEXT_BUDGET = 1_000_000;

function text(s: Schema, flavour: Flavour, budget: number): string {
  if (flavour === 'edge') return 'x'.repeat(s.maxLength ?? budget);
  const base = flavour === 'nul' ? 'fuzz\u0000text' : 'fuzz text';
  return base.padEnd(Math.max(s.minLength ?? 0, base.length), 'x').slice(0, s.maxLength ?? base.length + 64);
}

function number(s: Schema, flavour: Flavour): number {
  if (flavour === 'edge') return s.maximum ?? Number.MAX_SAFE_INTEGER;
  const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum ? 1 : 0) : 1;
  return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A value of the schema; free text of `edge` shares the 1 MB budget among the strings without a maximum. */
export function sample(schema: Schema, flavour: Flavour, budget = TEXT_BUDGET, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const entries = Object.entries(s.properties ?? {});
      const free = entries.filter(([, p]) => resolve(p).type === 'string' && !resolve(p).maxLength).length;
      const share = Math.floor(budget / Math.max(free, 1)) - 64;
      const out: Record<string, unknown> = {};
      if (depth < 6) for (const [k, p] of entries) out[k] = sample(p, flavour, share, depth + 1);
      return out;
    }
    case 'array':
      return depth < 6 && s.items
        ? Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sample(s.items!, flavour, budget, depth + 1))
        : [];
    case 'integer':
    case 'number':
      return number(s, flavour);
    case 'boolean':
      return true;
    case 'string':
      switch (s.format) {
        case 'uuid':
          return randomUUID();
        case 'email':
          return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
        case 'uri':
          return 'https://example.com/fuzz';
        case 'date-time':
          return new Date().toISOString();
      }
      return text(s, flavour, budget);
  }
  return flavour === 'nul' ? 'fuzz\u0000' : null;
}

/** The same object with every property given a value of the wrong type. */
function wrongTypes(schema: Schema): Record<string, unknown> {
  const s = resolve(schema);
  const wrong: Record<string, unknown> = { string: 12345, integer: 'abc', number: '1e999', boolean: 'yes', array: 'x' };
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = wrong[resolve(p).type ?? ''] ?? [[{}]];
  return out;
}

type PathKind = 'plausible' | 'nul' | 'edge' | 'malformed';

/** Path parameter values: plausible, NUL-bearing, out of the database's integer range, or no valid %-escape. */
function pathValue(p: Parameter, kind: PathKind): string {
  if (kind === 'malformed') return '%zz';
  const s = resolve(p.schema ?? {});
  if (kind === 'nul') return encodeURIComponent(`${s.enum?.[0] ?? (s.type === 'integer' ? '1' : 'fuzz')}\u0000`);
  if (s.enum) return encodeURIComponent(String(s.enum[0]));
  if (s.type === 'integer') return kind === 'edge' ? '2147483648' : '1';
  if (s.format === 'uuid') return randomUUID();
  if (p.name === '*') return kind === 'edge' ? 'library/../../etc/passwd' : 'library/fuzz.png';
  return 'fuzz';
}

function url(op: Operation, kind: PathKind, query?: string): string {
  let path = op.path;
  for (const p of op.params) path = path.replace(`{${p.name}}`, pathValue(p, kind));
  return query ? `${path}?${query}` : path;
}

function queryOf(op: Operation, value: (s: Schema) => string | null): string {
  const q = new URLSearchParams();
  for (const p of op.query) {
    const v = value(resolve(p.schema ?? {}));
    if (v !== null) q.append(p.name, v);
  }
  return q.toString();
}

/**
 * The operation with every query parameter that takes one value given twice (plausible values), and
 * the names of those parameters; null when it has none.
 */
export function repeatedQuery(op: Operation): { url: string; names: string[] } | null {
  const q = new URLSearchParams();
  const names: string[] = [];
  for (const p of op.query) {
    const s = resolve(p.schema ?? {});
    if (s.type === 'array') continue;
    const value = String(sample(s, 'plausible'));
    q.append(p.name, value);
    q.append(p.name, value);
    names.push(p.name);
  }
  return names.length ? { url: url(op, 'plausible', q.toString()), names } : null;
}

/**
 * The operation's address with every path parameter given a value its schema refuses (a word for a
 * number or a uuid, an unknown choice, a value outside its pattern); null when a parameter takes any text.
 */
export function impossibleAddress(op: Operation): string | null {
  if (op.params.length === 0) return null;
  let path = op.path;
  for (const p of op.params) {
    const s = resolve(p.schema ?? {});
    const refusable = s.type === 'integer' || s.format === 'uuid' || s.enum || s.pattern;
    if (!refusable) return null;
    path = path.replace(`{${p.name}}`, 'NOT~valid');
  }
  return path;
}

const json = { 'content-type': 'application/json' };
/** A well-formed multipart/form-data body of text fields. */
function formData(fields: string[][]): { payload: string; headers: Record<string, string> } {
  const parts = fields.map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return {
    payload: `${parts.join('')}--fuzz--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
  };
}
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** A few malformed requests for one operation: bodies, query strings, content types and path values. */
export function fuzzRequests(op: Operation): FuzzRequest[] {
  const body = op.bodies['application/json'] ?? op.bodies['multipart/form-data'];
  const props = Object.keys(resolve(body ?? {}).properties ?? {});
  const plain = url(op, 'plausible');
  const out: FuzzRequest[] = [
    {
      name: 'NUL in every text',
      url: url(
        op,
        'plausible',
        queryOf(op, (s) => (s.type === 'string' && !s.enum && !s.format ? 'a\u0000b' : null)),
      ),
      payload: JSON.stringify(body ? sample(body, 'nul') : { text: 'a\u0000b' }),
      headers: json,
    },
    {
      name: 'values at the edges (1 MB strings, largest integers)',
      url: url(
        op,
        'edge',
        queryOf(op, (s) => (s.type === 'integer' ? String(s.maximum ?? 2 ** 53) : 'zz-unknown')),
      ),
      payload: JSON.stringify(body ? sample(body, 'edge') : { text: 'x'.repeat(TEXT_BUDGET) }),
      headers: json,
    },
    {
      name: 'wrong types',
      url: url(
        op,
        'plausible',
        queryOf(op, (s) => (s.type === 'string' ? 'a&x[]=1' : '-1.5e999')),
      ),
      payload: JSON.stringify(body ? wrongTypes(body) : [1, 'two', { three: null }]),
      headers: json,
    },
    {
      name: 'deep nesting',
      url: plain,
      payload: props.length ? `{${props.map((k) => `${JSON.stringify(k)}:${deep(10_000)}`).join(',')}}` : deep(10_000),
      headers: json,
    },
    {
      name: 'prototype keys',
      url: `${plain}?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x`,
      payload:
        `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}${body ? `,${JSON.stringify(sample(body, 'plausible')).slice(1, -1)}` : ''}}`.replace(
          /,}$/,
          '}',
        ),
      headers: json,
    },
    { name: 'bad JSON', url: `${plain}?page=%E0%A4%A&search=%`, payload: '{"a": [1, 2', headers: json },
    { name: 'JSON null', url: plain, payload: 'null', headers: json },
    {
      name: 'multipart without a boundary',
      url: plain,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    },
    {
      name: 'truncated multipart',
      url: plain,
      payload: '--XyZ\r\nContent-Disposition: form-data; name="subject"\r\n\r\nhel',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    },
    { name: 'text body with NUL', url: plain, payload: 'a\u0000b', headers: { 'content-type': 'text/plain' } },
  ];
  if (op.params.length)
    out.push(
      { name: 'NUL in the path', url: url(op, 'nul') },
      { name: 'a malformed %-escape in the path', url: url(op, 'malformed') },
    );
  const form = op.bodies['multipart/form-data'];
  if (form) {
    const fields = Object.entries(sample(form, 'nul') as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
    out.push(
      { name: 'multipart with NUL in its fields', url: plain, ...formData(fields) },
      { name: 'multipart with a prototype key', url: plain, ...formData([['__proto__', 'x'], ...fields]) },
    );
  }
  return out;
}
