import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiRoot } from '../src/lib/paths.ts';

/** A Hostdeck server as production runs it (src/server.ts, its own OS process), on a fixed port. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when a signal killed it). */
  exited: Promise<number | null>;
  /** Throws (with its last lines) if it has exited: for waits that expect it to keep running. */
  assertRunning(): void;
  /** The last lines it wrote (for a failing test's report). */
  tail(): string;
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (d: Buffer) => {
    lines.push(...d.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let gone = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      gone = true;
      resolve(code);
    }),
  );
  const tail = () => lines.join('\n');
  const assertRunning = () => {
    if (gone) throw new Error(`the server process exited (${child.exitCode}):\n${tail()}`);
  };
  return { child, pid: child.pid ?? 0, exited, assertRunning, tail };
}

/** A directory of its own for DATA_DIR (kept across a restart of the same instance). */
export const dataDir = () => mkdtempSync(join(tmpdir(), 'hostdeck-instance-'));

/** Ports free right now, for instances that must come back on the same address after a restart. */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const s = createServer();
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** Resolves true when a new TCP connection to the port is refused (nothing listens there). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
