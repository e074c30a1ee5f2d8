import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every free-text field of every request body is one line unless it is listed here: a name, a title,
 * a subject or a reason with a line break inside ends up in a mail header, a ledger line or a table
 * cell. A field refuses line breaks when its schema says so (a pattern — `line()` in the contracts —,
 * a format, a closed set). A new text field fails this test until it takes `line()` or is listed.
 */
const SPANS_LINES: Record<string, string> = {
  body: 'an announcement (Markdown)',
  description: 'descriptions of locations, categories, eggs, packages and rewards',
  html: 'a mail template',
  message: 'a ticket message or reply',
  note: 'a report note and the staff note of a report action',
  opening_hours: 'a department’s opening hours, one day a line',
  staff_notes: 'staff notes on a report',
  startup: 'an egg’s startup command, as the game panel takes it',
  'variables[].default_value': 'an egg variable’s default, as the game panel takes it',
  'values.*': 'settings: each setting checks its own value (a `string` setting is one line, `text` is not)',
};
const TAKEN_AS_GIVEN: Record<string, string> = {
  password: 'a secret: any character counts',
  current_password: 'a secret',
  token: 'a token the panel made (compared, never shown)',
  turnstile_token: 'Cloudflare’s token, passed on',
  hash: 'a link provider’s hash, compared',
  bait: 'the ad-block probe’s answer, compared',
  'permissions[]': 'one of the known permissions (a refinement the document cannot show)',
  'response.response.transports[]': 'a WebAuthn value the browser made',
};

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
}
const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
const resolve = (s: Schema): Schema => (s.$ref ? resolve(document.components.schemas[s.$ref.split('/').pop()!]!) : s);
const isString = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
/** Whether the schema, or one of the schemas it must also pass, refuses "a\nb". */
const refusesBreak = (s: Schema): boolean =>
  s.enum !== undefined ||
  s.const !== undefined ||
  s.format !== undefined ||
  (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test('a\nb')) ||
  (s.allOf ?? []).some((x) => refusesBreak(resolve(x)));

/** Every body field taking text with line breaks: its path (`variables[].env`) and the operations. */
function textFields(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (schema: Schema, path: string, op: string) => {
    const s = resolve(schema);
    for (const x of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(x, path, op);
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, path ? `${path}.${k}` : k, op);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.*`, op);
    if (s.items) walk(s.items, `${path}[]`, op);
    if (isString(s) && !refusesBreak(s)) found.set(path, [...(found.get(path) ?? []), op]);
  };
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item))
      for (const content of Object.values(op.requestBody?.content ?? {}))
        walk(content.schema, '', `${method.toUpperCase()} ${path}`);
  return found;
}

describe('one-line fields', () => {
  const fields = textFields();

  it('every free-text body field refuses line breaks, or is listed as text that spans lines or is taken as given', () => {
    const unlisted = [...fields]
      .filter(([path]) => !(path in SPANS_LINES) && !(path in TAKEN_AS_GIVEN))
      .map(([path, ops]) => `${path} (${ops.join(', ')})`);
    expect(unlisted).toEqual([]);
  });

  it('lists no field the document no longer has, so the lists cannot grow stale', () => {
    const listed = [...Object.keys(SPANS_LINES), ...Object.keys(TAKEN_AS_GIVEN)];
    expect(listed.filter((path) => !fields.has(path))).toEqual([]);
  });

  it('finds the fields it is meant to judge (the walk reaches nested and multipart bodies)', () => {
    expect(fields.get('message')).toEqual(expect.arrayContaining(['POST /api/tickets']));
    expect(fields.has('variables[].default_value')).toBe(true);
    expect(fields.has('subject')).toBe(false);
  });
});
