import { writeSync } from 'node:fs';
import { type LogLevel, type LogLine, logLevels } from '@hostdeck/contracts';
import pino from 'pino';

// pino's numeric levels.
const byNumber: Record<number, LogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Lines are kept per tier, so a flood of one cannot push out the others: info and below, warnings, errors. */
const tierOf = (level: LogLevel) => (level === 'warn' ? 1 : level === 'error' || level === 'fatal' ? 2 : 0);

/** A line as written, read into a LogLine only when someone asks (the dashboard's widget, rarely). */
interface Raw {
  id: number;
  level: LogLevel;
  text: string;
  line?: LogLine;
}

/** pino writes the level first: `{"level":30,...`; anything else is read in full. */
const LEVEL_FIRST = /^\{"level":(\d+)[,}]/;

/**
 * The last lines the server logged, kept in memory for the dashboard's logs widget. It is a pino
 * destination: pino hands it each serialised line, after redaction, so it never holds a secret the
 * log itself would not show. Each tier (info and below, warnings, errors and fatal) keeps its own
 * last `capacity` lines: a burst of requests logging info lines, or of warnings, leaves the errors
 * findable. Writing a line only keeps its text (the request path logs on every request); the JSON
 * is parsed when the widget reads it.
 */
export class LogRing {
  private readonly tiers: Raw[][] = [[], [], []];
  /** Where each tier's next line goes once it is full (a circular buffer: no shifting per line). */
  private readonly heads = [0, 0, 0];
  private seq = 0;
  constructor(readonly capacity = 500) {}

  write(chunk: string): boolean {
    let start = 0;
    while (start < chunk.length) {
      let end = chunk.indexOf('\n', start);
      if (end < 0) end = chunk.length;
      if (end > start) this.push(chunk.slice(start, end));
      start = end + 1;
    }
    return true;
  }

  /** Newest first, at `level` or above: the tiers merged in the order the lines were written. */
  recent(level: LogLevel, limit: number): LogLine[] {
    const min = logLevels.indexOf(level);
    const tiers = this.tiers.slice(tierOf(level)).map((t, i) => this.ordered(t, this.heads[tierOf(level) + i]!));
    const next = tiers.map((t) => t.length - 1);
    const out: LogLine[] = [];
    while (out.length < limit) {
      let pick = -1;
      for (let i = 0; i < tiers.length; i++) {
        if (next[i]! >= 0 && (pick < 0 || tiers[i]![next[i]!]!.id > tiers[pick]![next[pick]!]!.id)) pick = i;
      }
      if (pick < 0) break;
      const raw = tiers[pick]![next[pick]!--]!;
      if (logLevels.indexOf(raw.level) >= min) out.push(read(raw));
    }
    return out;
  }

  /** A tier oldest first. */
  private ordered(tier: Raw[], head: number): Raw[] {
    return tier.length < this.capacity ? tier : [...tier.slice(head), ...tier.slice(0, head)];
  }

  private push(text: string): void {
    if (!text.trim()) return;
    const match = LEVEL_FIRST.exec(text);
    const level = match ? (byNumber[Number(match[1])] ?? 'info') : levelOf(text);
    const raw: Raw = { id: ++this.seq, level, text };
    const t = tierOf(level);
    const tier = this.tiers[t]!;
    if (tier.length < this.capacity) tier.push(raw);
    else {
      tier[this.heads[t]!] = raw;
      this.heads[t] = (this.heads[t]! + 1) % this.capacity;
    }
  }
}

function parse(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  return { level: 30, msg: text };
}

function levelOf(text: string): LogLevel {
  return byNumber[Number(parse(text).level)] ?? 'info';
}

function read(raw: Raw): LogLine {
  if (raw.line) return raw.line;
  const { level: _level, time, msg, pid: _pid, hostname: _host, ...context } = parse(raw.text);
  raw.line = {
    id: raw.id,
    time: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
    level: raw.level,
    message: typeof msg === 'string' ? msg : '',
    context,
  };
  return raw.line;
}

interface LogOut {
  write(chunk: string): unknown;
  flushSync?(): void;
}

let stdout: LogOut | undefined;

/**
 * Standard output for the log, written asynchronously (pino's sonic-boom destination): a
 * synchronous write per line was a fifth of a request's CPU. Lines are handed to it once per turn
 * of the event loop (see `batched`). A fatal line and whatever is pending at exit are written at
 * once. One per process, however many apps (tests) are built.
 */
export function stdoutDestination(): LogOut {
  stdout ??= batched(pino.destination({ dest: 1, sync: false }), 1);
  return stdout;
}

/** A batch is handed on at the end of the turn, or sooner when it reaches this size (sonic-boom's write size). */
const BATCH_MAX = 16_384;

/**
 * Gathers the lines of one turn of the event loop into one write. sonic-boom measures the byte length
 * of its whole pending text on every write, so under load, one line per request, that cost more than
 * making the lines (a tenth of a request's CPU). Pending lines are written synchronously when the
 * process exits (after sonic-boom's own backlog, so in order) and before a fatal line returns.
 */
function batched(out: LogOut & { flushSync(): void }, fd: number): LogOut {
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    if (text) out.write(text);
  };
  const writePending = () => {
    const text = pending;
    pending = '';
    if (text) writeWhole(fd, text);
  };
  process.on('exit', () => {
    try {
      out.flushSync(); // throws once pino has closed it (at beforeExit); its backlog is written then
    } catch {}
    writePending();
  });
  return {
    write(chunk) {
      if (!pending) setImmediate(flush);
      pending += chunk;
      // Work that never yields to the event loop must not pile lines up in memory.
      if (pending.length >= BATCH_MAX) flush();
    },
    flushSync() {
      out.flushSync();
      writePending();
    },
  };
}

/** A synchronous write that finishes: a pipe may take part of it, or refuse it for a moment (EAGAIN). */
function writeWhole(fd: number, text: string): void {
  let rest = Buffer.from(text);
  for (let attempt = 0; rest.length > 0 && attempt < 1000; attempt++) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/** Where the server's log goes: the ring, and standard output unless logging is switched off. */
export function logDestination(
  ring: LogRing,
  out: LogOut | null,
): { write(chunk: string): boolean; flushSync(): void } {
  return {
    write(chunk) {
      out?.write(chunk);
      return ring.write(chunk);
    },
    flushSync() {
      out?.flushSync?.();
    },
  };
}

/** Paths pino replaces with "[Redacted]": credentials must never reach a log line. */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'secret',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.smtp_password',
  '*.pterodactyl_api_key',
  '*.license_key',
];
