import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring.ts';

const line = (level: number, msg: string) =>
  `${JSON.stringify({ level, time: 1_700_000_000_000, pid: 1, hostname: 'h', msg, reqId: 'r1' })}\n`;

describe('log ring', () => {
  it('keeps only the newest lines up to its capacity, newest first', () => {
    const ring = new LogRing(3);
    for (let i = 1; i <= 5; i++) ring.write(line(30, `line ${i}`));
    expect(ring.recent('trace', 10).map((l) => l.message)).toEqual(['line 5', 'line 4', 'line 3']);
    expect(ring.recent('trace', 2)).toHaveLength(2);
  });

  it('reads pino levels, keeps the other fields as context (without pid and host) and filters by level', () => {
    const ring = new LogRing();
    ring.write(line(20, 'debug') + line(40, 'warn') + line(60, 'fatal'));
    ring.write('not json\n');
    const [newest] = ring.recent('trace', 1);
    expect(newest).toMatchObject({ level: 'info', message: 'not json' });
    const warn = ring.recent('warn', 10);
    expect(warn.map((l) => l.level)).toEqual(['fatal', 'warn']);
    expect(warn[0]!.context).toEqual({ reqId: 'r1' });
    expect(warn[0]!.time).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it('keeps errors and warnings through a flood of lower lines, and merges the tiers newest first', () => {
    const ring = new LogRing(3);
    ring.write(line(50, 'first error') + line(30, 'info a') + line(40, 'a warning') + line(60, 'fatal'));
    for (let i = 1; i <= 1000; i++) ring.write(line(30, `flood ${i}`));
    ring.write(line(50, 'second error'));
    for (let i = 1; i <= 1000; i++) ring.write(line(40, `warning flood ${i}`));
    expect(ring.recent('error', 10).map((l) => l.message)).toEqual(['second error', 'fatal', 'first error']);
    expect(ring.recent('warn', 5).map((l) => l.message)).toEqual([
      'warning flood 1000',
      'warning flood 999',
      'warning flood 998',
      'second error',
      'fatal',
    ]);
    expect(ring.recent('info', 10).map((l) => l.message)).toEqual([
      'warning flood 1000',
      'warning flood 999',
      'warning flood 998',
      'second error',
      'flood 1000',
      'flood 999',
      'flood 998',
      'fatal',
      'first error',
    ]);
  });
});

describe('standard output', () => {
  it('writes every line, in order, when the process exits in the same turn as it logs', () => {
    // Lines wait for the end of the event loop's turn; these never see one.
    const script = `
      import { pino } from 'pino';
      import { stdoutDestination } from ${JSON.stringify(fileURLToPath(new URL('./log-ring.ts', import.meta.url)))};
      const log = pino({}, stdoutDestination());
      for (let i = 1; i <= 100; i++) log.info({ i }, 'line');
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const lines = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { i: number }).i);
    expect(lines).toEqual(Array.from({ length: 100 }, (_, k) => k + 1));
  });
});
