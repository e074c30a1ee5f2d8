import { type LogLevel, type LogLine, logLevels } from '@hostdeck/contracts';

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

/**
 * The last lines the server logged, kept in memory for the dashboard's logs widget. It is a pino
 * destination: pino hands it each serialised line, after redaction, so it never holds a secret the
 * log itself would not show. Each tier (info and below, warnings, errors and fatal) keeps its own
 * last `capacity` lines: a burst of requests logging info lines, or of warnings, leaves the errors
 * findable.
 */
export class LogRing {
  private readonly tiers: LogLine[][] = [[], [], []];
  private seq = 0;
  constructor(readonly capacity = 500) {}

  write(chunk: string): boolean {
    for (const text of chunk.split('\n')) {
      if (text.trim()) this.push(text);
    }
    return true;
  }

  /** Newest first, at `level` or above: the tiers merged in the order the lines were written. */
  recent(level: LogLevel, limit: number): LogLine[] {
    const min = logLevels.indexOf(level);
    const atLeast = (l: LogLine) => logLevels.indexOf(l.level) >= min;
    const tiers = this.tiers.slice(tierOf(level));
    const next = tiers.map((t) => t.length - 1);
    const out: LogLine[] = [];
    while (out.length < limit) {
      let pick = -1;
      for (let i = 0; i < tiers.length; i++) {
        if (next[i]! >= 0 && (pick < 0 || tiers[i]![next[i]!]!.id > tiers[pick]![next[pick]!]!.id)) pick = i;
      }
      if (pick < 0) break;
      const line = tiers[pick]![next[pick]!--]!;
      if (atLeast(line)) out.push(line);
    }
    return out;
  }

  private push(text: string): void {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { level: 30, msg: text };
    }
    const { level, time, msg, pid: _pid, hostname: _host, ...context } = parsed;
    const line: LogLine = {
      id: ++this.seq,
      time: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
      level: byNumber[Number(level)] ?? 'info',
      message: typeof msg === 'string' ? msg : '',
      context,
    };
    const tier = this.tiers[tierOf(line.level)]!;
    tier.push(line);
    if (tier.length > this.capacity) tier.shift();
  }
}

/** Where the server's log goes: the ring, and standard output unless logging is switched off. */
export function logDestination(ring: LogRing, out: NodeJS.WritableStream | null): { write(chunk: string): boolean } {
  return {
    write(chunk) {
      out?.write(chunk);
      return ring.write(chunk);
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
