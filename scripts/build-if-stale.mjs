// Builds the web client and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(dir) {
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const stale = (output, sources) =>
  !existsSync(output) || sources.some((s) => newest(join(root, s)) > statSync(output).mtimeMs);

const contracts = 'packages/contracts/src';
const steps = [
  {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/public',
      contracts,
    ],
    workspace: '@hostdeck/web',
  },
  { output: 'apps/api/dist/server.js', sources: ['apps/api/src', contracts], workspace: '@hostdeck/api' },
];

/** True when the server's build is there and newer than its sources (the CLI may run it). */
export function apiBuildIsFresh() {
  const step = steps[1];
  return !stale(join(root, step.output), step.sources);
}

/** Returns false when a build failed. */
export function buildIfStale({ quiet = false } = {}) {
  for (const step of steps) {
    if (!stale(join(root, step.output), step.sources)) continue;
    if (!quiet) console.log(`building ${step.workspace}…`);
    // Always a production build, even when a test runner (NODE_ENV=test) asks for it.
    const r = spawnSync('npm', ['run', 'build', '-w', step.workspace], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: quiet ? 'pipe' : 'inherit',
    });
    if (r.status !== 0) {
      if (quiet) process.stderr.write(`${r.stdout}${r.stderr}`);
      return false;
    }
  }
  return true;
}
