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

/**
 * The last lines the server logged, kept in memory for the dashboard's logs widget. It is a pino
 * destination: pino hands it each serialised line, after redaction, so it never holds a secret the
 * log itself would not show.
 */
export class LogRing {
  private lines: LogLine[] = [];
  private seq = 0;
  constructor(readonly capacity = 500) {}

  write(chunk: string): boolean {
    for (const text of chunk.split('\n')) {
      if (text.trim()) this.push(text);
    }
    return true;
  }

  /** Newest first, at `level` or above. */
  recent(level: LogLevel, limit: number): LogLine[] {
    const min = logLevels.indexOf(level);
    const out: LogLine[] = [];
    for (let i = this.lines.length - 1; i >= 0 && out.length < limit; i--) {
      const line = this.lines[i]!;
      if (logLevels.indexOf(line.level) >= min) out.push(line);
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
    this.lines.push({
      id: ++this.seq,
      time: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
      level: byNumber[Number(level)] ?? 'info',
      message: typeof msg === 'string' ? msg : '',
      context,
    });
    if (this.lines.length > this.capacity) this.lines.shift();
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
