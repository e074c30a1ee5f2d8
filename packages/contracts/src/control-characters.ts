/**
 * Control characters in text. PostgreSQL refuses NUL in text and JSON, and the other C0 controls
 * (except tab, and line breaks in text that may span lines) have no place in anything a person types:
 * the API refuses them once, for every route, before validation, and the web forms use the same rule.
 */
export const CONTROL_CHARACTER_MESSAGE = 'Control characters (such as NUL) are not allowed';
/** A one-line field (a name, a title, a subject) given a line break: `line()` in text.ts. */
export const LINE_BREAK_MESSAGE = 'Line breaks are not allowed here';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const refusedInText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const refusedInLine = /[\u0000-\u0008\u000a-\u001f]/;

export interface TextRule {
  /** Allow line feed and carriage return (body text); tab is always allowed. Default true. */
  multiLine?: boolean;
}

/** Whether a string holds a control character the rule refuses. */
export function hasControlCharacter(text: string, rule: TextRule = {}): boolean {
  return (rule.multiLine === false ? refusedInLine : refusedInText).test(text);
}

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are shown escaped in a path
const controls = /[\u0000-\u001f]/g;
const escaped = (key: string) => key.replace(controls, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function pathOf(node: Node, bad?: string): string {
  const keys: string[] = bad === undefined ? [] : [escaped(bad)];
  for (let n: Node | null = node; n; n = n.parent) if (n.key !== null) keys.push(escaped(n.key));
  return keys.reverse().join('.') || '_form';
}

// Parsed JSON, and query objects (whose prototype is the parser's own, empty one); not bytes, dates or maps.
const isRecord = (v: object) => Object.prototype.toString.call(v) === '[object Object]';

/**
 * The dotted path (`tags.0`, `values.app_name`; `_form` for the value itself) of the first string or
 * object key holding a refused control character, or null. Walks objects and arrays (bytes are not
 * text), without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findControlCharacter(value: unknown, rule: TextRule = {}): string | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (hasControlCharacter(v, rule)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node });
    } else if (v !== null && typeof v === 'object' && isRecord(v)) {
      const keys = Object.keys(v);
      for (const key of keys) if (hasControlCharacter(key, { multiLine: false })) return pathOf(node, key);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ value: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: node });
    }
  }
  return null;
}
