import type { Body, FieldError } from './http.ts';

/**
 * The part of Laravel's validator Pelican's requests use: the same rules, the same order, the same
 * messages (Pelican's lang/en/validation.php over Laravel's own) and the same stops (after a failed
 * presence rule, or any failure under `bail`). Enough for the simulator, not a general validator.
 */

/** A rule that needs the panel's data (unique, exists, in): its Laravel name and its test. */
export interface DataRule {
  rule: 'unique' | 'exists' | 'in';
  passes: (value: unknown) => boolean;
}
export type Rule = string | DataRule;
export type Rules = Record<string, Rule[]>;

const MESSAGES: Record<string, string> = {
  required: 'The :attribute field is required.',
  present: 'The :attribute field must be present.',
  required_with: 'The :attribute field is required when :values is present.',
  string: 'The :attribute must be a string.',
  integer: 'The :attribute must be an integer.',
  numeric: 'The :attribute must be a number.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute must be an array.',
  email: 'The :attribute must be a valid email address.',
  regex: 'The :attribute format is invalid.',
  unique: 'The :attribute has already been taken.',
  exists: 'The selected :attribute is invalid.',
  in: 'The selected :attribute is invalid.',
};
type SizeKind = 'numeric' | 'string' | 'array';
const SIZED: Record<string, Record<SizeKind, string>> = {
  min: {
    numeric: 'The :attribute must be at least :min.',
    string: 'The :attribute must be at least :min characters.',
    array: 'The :attribute must have at least :min items.',
  },
  max: {
    numeric: 'The :attribute may not be greater than :max.',
    string: 'The :attribute may not be greater than :max characters.',
    array: 'The :attribute may not have more than :max items.',
  },
  between: {
    numeric: 'The :attribute must be between :min and :max.',
    string: 'The :attribute must be between :min and :max characters.',
    array: 'The :attribute must have between :min and :max items.',
  },
};
const PRESENCE = new Set(['required', 'present', 'required_with']);
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

export function lookup(data: unknown, path: string): { present: boolean; value: unknown } {
  let at: unknown = data;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return { present: false, value: undefined };
    at = (at as Record<string, unknown>)[key];
  }
  return { present: true, value: at };
}

/** What `required` accepts: not null, not blank, not an empty array (a JSON `{}` is one too). */
export const filled = (v: unknown) =>
  !(v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || isEmptyArray(v));
const isEmptyArray = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0;
const isNumeric = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && NUMERIC.test(v));
const isInteger = (v: unknown) => Number.isInteger(v) || (typeof v === 'string' && /^[+-]?(0|[1-9]\d*)$/.test(v));
const BOOLEANS: unknown[] = [true, false, 0, 1, '0', '1'];
const isBoolean = (v: unknown) => BOOLEANS.includes(v);

/** A PHP pattern (`/…/flags`) as a JavaScript one. */
function phpRegex(pattern: string): RegExp {
  const end = pattern.lastIndexOf(pattern[0] ?? '/');
  return new RegExp(pattern.slice(1, end), pattern.slice(end + 1).replace(/[^imsu]/g, ''));
}

/** Laravel's TrimStrings and ConvertEmptyStringsToNull, which run on every request before validation. */
export function laravelInput<T>(value: T, key = ''): T {
  if (typeof value === 'string') {
    const trimmed = key.includes('password') ? value : value.trim();
    return (trimmed === '' ? null : trimmed) as T;
  }
  if (Array.isArray(value)) return value.map((v) => laravelInput(v)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, laravelInput(v, k)])) as T;
  return value;
}

/** Validates `data` and answers every failure as Pelican's handler lists them (one per message). */
export function validate(data: Body, rules: Rules, attributes: Record<string, string> = {}): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, list, wildcard] of expand(data, rules)) {
    const display = (field: string) => attributes[field] ?? (wildcard ? field : field.replace(/_/g, ' '));
    const { present, value } = lookup(data, name);
    const parsed = list.map((r) => (typeof r === 'string' ? parseRule(r) : { name: r.rule, params: [], data: r }));
    const has = (rule: string) => parsed.some((p) => p.name === rule);
    if (has('sometimes') && !present) continue;
    const kind: SizeKind = has('numeric') || has('integer') ? 'numeric' : has('array') ? 'array' : 'string';
    const size = () =>
      kind === 'numeric' && isNumeric(value)
        ? Number(value)
        : value !== null && typeof value === 'object'
          ? Object.keys(value).length
          : [...String(value ?? '')].length;
    for (const { name: rule, params, data: dataRule } of parsed) {
      if (rule === 'sometimes' || rule === 'nullable' || rule === 'bail' || rule === '') continue;
      const presence = PRESENCE.has(rule);
      const blank =
        !present || (typeof value === 'string' && value.trim() === '') || (value === null && has('nullable'));
      if (!presence && blank) continue;
      const [a = 0, b = 0] = params.map(Number);
      let ok: boolean;
      if (dataRule) ok = dataRule.passes(value);
      else if (rule === 'required') ok = filled(value);
      else if (rule === 'present') ok = present;
      else if (rule === 'required_with') ok = !params.some((p) => filled(lookup(data, p).value)) || filled(value);
      else if (rule === 'string') ok = typeof value === 'string';
      else if (rule === 'integer') ok = isInteger(value);
      else if (rule === 'numeric') ok = isNumeric(value);
      else if (rule === 'boolean') ok = isBoolean(value);
      else if (rule === 'array') ok = value !== null && typeof value === 'object';
      else if (rule === 'in') ok = params.includes(String(value));
      else if (rule === 'email') ok = typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value);
      else if (rule === 'regex')
        ok = (typeof value === 'string' || isNumeric(value)) && phpRegex(params.join(',')).test(String(value));
      else if (rule === 'min') ok = size() >= a;
      else if (rule === 'max') ok = size() <= a;
      else if (rule === 'between') ok = size() >= a && size() <= b;
      else throw new Error(`The simulator does not know the rule ${rule}`);
      if (ok) continue;
      const message = (SIZED[rule]?.[kind] ?? MESSAGES[rule] ?? '')
        .replace(':attribute', display(name))
        .replace(':values', params.map(display).join(' / '))
        .replace(':min', String(a))
        .replace(':max', String(rule === 'max' ? a : b));
      errors.push({ field: name, rule, detail: message });
      if (presence || has('bail')) break;
    }
  }
  return errors;
}

function parseRule(rule: string): { name: string; params: string[]; data?: DataRule } {
  const colon = rule.indexOf(':');
  if (colon < 0) return { name: rule, params: [] };
  const name = rule.slice(0, colon);
  const rest = rule.slice(colon + 1);
  return { name, params: name === 'regex' ? [rest] : rest.split(',') };
}

/** The rules per attribute, with `a.*` spread over the items `a` holds (named `a.0`, `a.1`, …). */
function expand(data: Body, rules: Rules): [string, Rule[], boolean][] {
  const out: [string, Rule[], boolean][] = [];
  for (const [name, list] of Object.entries(rules)) {
    if (!name.endsWith('.*')) {
      out.push([name, list, false]);
      continue;
    }
    const parent = name.slice(0, -2);
    const { value } = lookup(data, parent);
    if (value && typeof value === 'object')
      for (const key of Object.keys(value)) out.push([`${parent}.${key}`, list, true]);
  }
  return out;
}
