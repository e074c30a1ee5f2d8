/**
 * What the Ctrl+I debug panel shows, captured from start-up: API requests (window.fetch to /api/),
 * uncaught errors and rejected promises, console output. Small on purpose (it is in the start-up
 * bundle; the panel itself is a lazy chunk): bounded ring buffers, secrets masked before they are
 * stored, listeners told once per task (a listener that logs must not loop).
 */
export const DEBUG_BUFFER_SIZE = 200;
/** Longest body or console line kept, in characters. */
export const DEBUG_TEXT_MAX = 10_000;
export const MASK = '***';

export interface NetworkEntry {
  id: number;
  time: number;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  size: number;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseBody: string;
}
export interface ErrorEntry {
  id: number;
  time: number;
  message: string;
  stack: string;
}
export const consoleLevels = ['log', 'info', 'warn', 'error', 'debug'] as const;
export type ConsoleLevel = (typeof consoleLevels)[number];
export interface ConsoleEntry {
  id: number;
  time: number;
  level: ConsoleLevel;
  text: string;
}

/** Keeps the newest `size` entries. */
export class RingBuffer<T> {
  private items: T[] = [];
  constructor(private readonly size: number) {}
  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.size) this.items.splice(0, this.items.length - this.size);
  }
  list(): readonly T[] {
    return this.items;
  }
  clear(): void {
    this.items = [];
  }
}

export const debugLog = {
  network: new RingBuffer<NetworkEntry>(DEBUG_BUFFER_SIZE),
  errors: new RingBuffer<ErrorEntry>(DEBUG_BUFFER_SIZE),
  console: new RingBuffer<ConsoleEntry>(DEBUG_BUFFER_SIZE),
};
let nextId = 1;
let version = 0;
let notifyQueued = false;
const listeners = new Set<() => void>();

export const debugStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Changes whenever a buffer does (for useSyncExternalStore). */
  getVersion: (): number => version,
  clear(buffer: keyof typeof debugLog): void {
    debugLog[buffer].clear();
    changed();
  },
};

function changed(): void {
  version += 1;
  if (notifyQueued) return;
  notifyQueued = true;
  setTimeout(() => {
    notifyQueued = false;
    for (const l of listeners) l();
  });
}

/** password, new_password, token, api_key, recoveryCodes, otpauth_url…: field names whose values are secrets. */
const SECRET_WORDS = new Set(['password', 'token', 'secret', 'key', 'code', 'otp', 'totp', 'otpauth', 'recovery']);
const NOT_SECRET = new Set(['error_code']);
export function isSecretName(name: string): boolean {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  if (NOT_SECRET.has(snake)) return false;
  return snake.split(/[_\-.\s]+/).some((w) => SECRET_WORDS.has(w) || SECRET_WORDS.has(w.replace(/s$/, '')));
}
/** Headers never shown, and cookie names whose values are masked (CSRF, session hints). */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-csrf-token']);
export function isSecretCookie(name: string): boolean {
  return /csrf|session|token|auth/i.test(name);
}

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretName(k) && v !== null ? MASK : maskValue(v)]),
    );
  return value;
}

function truncate(text: string): string {
  return text.length > DEBUG_TEXT_MAX ? `${text.slice(0, DEBUG_TEXT_MAX)}… (${text.length})` : text;
}

/** A body as shown: JSON with secret fields masked and pretty-printed; other text truncated. */
export function maskBody(text: string): string {
  if (!text) return '';
  try {
    return truncate(JSON.stringify(maskValue(JSON.parse(text)), null, 2));
  } catch {
    const form = /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(text) ? maskQuery(text) : text;
    return truncate(form);
  }
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [k = '', ...v] = pair.split('=');
      return isSecretName(decodeURIComponent(k)) ? `${k}=${MASK}` : [k, ...v].join('=');
    })
    .join('&');
}

export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?${maskQuery(url.slice(at + 1))}`;
}

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, SECRET_HEADERS.has(k.toLowerCase()) ? MASK : v]),
  );
}

export function recordRequest(entry: Omit<NetworkEntry, 'id' | 'time'> & { time?: number }): void {
  debugLog.network.push({
    ...entry,
    id: nextId++,
    time: entry.time ?? Date.now(),
    url: maskUrl(entry.url),
    requestHeaders: maskHeaders(entry.requestHeaders),
    requestBody: maskBody(entry.requestBody),
    responseBody: maskBody(entry.responseBody),
  });
  changed();
}

export function recordError(message: string, stack = ''): void {
  debugLog.errors.push({ id: nextId++, time: Date.now(), message: truncate(message), stack: truncate(stack) });
  changed();
}

/** One console argument as text: strings as they are, errors with their stack, the rest as JSON. */
export function formatArg(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return arg.stack ?? `${arg.name}: ${arg.message}`;
  try {
    return JSON.stringify(maskValue(arg)) ?? String(arg);
  } catch {
    return String(arg);
  }
}

export function recordConsole(level: ConsoleLevel, args: unknown[]): void {
  debugLog.console.push({ id: nextId++, time: Date.now(), level, text: truncate(args.map(formatArg).join(' ')) });
  changed();
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (typeof FormData !== 'undefined' && body instanceof FormData) return '[form data]';
  if (typeof Blob !== 'undefined' && body instanceof Blob) return `[${body.type || 'binary'}, ${body.size} bytes]`;
  return '[binary]';
}

function isApiCall(url: string): boolean {
  try {
    const u = new URL(url, window.location.href);
    return u.origin === window.location.origin && u.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

let installed = false;

/** Wraps console, fetch and the error events once; the originals are still called. */
export function installDebugCapture(): void {
  if (installed) return;
  installed = true;
  for (const level of consoleLevels) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      try {
        recordConsole(level, args);
      } catch {
        /* capture never breaks logging */
      }
    };
  }
  window.addEventListener('error', (e) =>
    recordError(
      e.message || String(e.error),
      e.error instanceof Error ? (e.error.stack ?? '') : `${e.filename}:${e.lineno}`,
    ),
  );
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason;
    recordError(
      reason instanceof Error ? reason.message : formatArg(reason),
      reason instanceof Error ? (reason.stack ?? '') : '',
    );
  });
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    if (!isApiCall(url)) return originalFetch(input, init);
    const started = performance.now();
    const base = {
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      url: url.replace(window.location.origin, ''),
      requestHeaders: Object.fromEntries(new Headers(init?.headers ?? request?.headers).entries()),
      requestBody: bodyText(init?.body),
    };
    let res: Response;
    try {
      res = await originalFetch(input, init);
    } catch (err) {
      recordRequest({
        ...base,
        status: 0,
        durationMs: performance.now() - started,
        size: 0,
        responseBody: String(err),
      });
      throw err;
    }
    const durationMs = performance.now() - started;
    res
      .clone()
      .text()
      .then(
        (text) =>
          recordRequest({ ...base, status: res.status, durationMs, size: new Blob([text]).size, responseBody: text }),
        () => recordRequest({ ...base, status: res.status, durationMs, size: 0, responseBody: '' }),
      );
    return res;
  };
}
