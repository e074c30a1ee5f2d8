import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DiscordDouble } from '../apps/api/test/discord-double.ts';
import { GitHubDouble } from '../apps/api/test/github-double.ts';
// @ts-expect-error plain ESM script without types
import { buildIfStale, root } from '../scripts/build-if-stale.mjs';
// @ts-expect-error plain ESM script without types
import { chromiumPath } from '../scripts/chromium.mjs';
import { HOOK_TIMEOUT_MS } from './timeouts.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The one-time first-run link the server printed. */
    setupUrl: string;
    /** The sign-in provider doubles the server talks to (e2e/sso.test.ts), and who is signed in there. */
    ssoDoubles: {
      github: { clientId: string; clientSecret: string; email: string; login: string };
      discord: { clientId: string; clientSecret: string; username: string };
    };
  }
}

/** GitHub and Discord doubles, each with one person already signed in on the provider's site. */
async function startSsoDoubles() {
  const github = new GitHubDouble();
  const discord = new DiscordDouble();
  await Promise.all([github.listen(), discord.listen()]);
  const gh = github.addUser(58_001, 'e2e-octocat', 'e2e-octocat@example.com', true, 'Octo Cat');
  github.signedIn = String(gh.id);
  discord.signedIn = discord.addUser('500000000000000001', 'e2e_discord', [], {
    email: 'e2e-discord@example.com',
    verified: true,
  }).id;
  const info = {
    github: {
      clientId: github.clientId,
      clientSecret: github.clientSecret,
      email: gh.emails[0]!.email,
      login: gh.login,
    },
    discord: { clientId: discord.clientId, clientSecret: discord.clientSecret, username: 'e2e_discord' },
  };
  return { github, discord, info };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A running Hostdeck server of the browser suite, on its own fresh embedded database. */
export interface RunningHostdeck {
  baseUrl: string;
  /** The one-time first-run link the server printed. */
  setupUrl: string;
  stop(): Promise<void>;
}

/**
 * Runs the built server (apps/api/dist) on a fresh embedded database in a temporary DATA_DIR, as an
 * operator's `npm start` does, with the test environment's overrides; resolves once it answers.
 */
export async function startHostdeck(env: Record<string, string> = {}): Promise<RunningHostdeck> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Each browser context sends its own X-Forwarded-For (browser.ts newPage): one client per person.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  server.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const setupLine = printed(server, () => output, /First-run setup: (\S+)/);
    setupLine.catch(() => undefined); // awaited below; a failure before then is reported once, there
    const deadline = Date.now() + HOOK_TIMEOUT_MS;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ok = await fetch(`${baseUrl}/api/system/settings`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { baseUrl, setupUrl: (await setupLine)[1] ?? '', stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Builds if needed, then runs the real server on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('chromiumPath', existsSync(chromiumPath) ? chromiumPath : '');
  project.provide('baseUrl', '');
  project.provide('setupUrl', '');
  if (!existsSync(chromiumPath)) return undefined;
  if (!buildIfStale({ quiet: true })) throw new Error('build failed');
  const sso = await startSsoDoubles();
  project.provide('ssoDoubles', sso.info);
  const closeDoubles = () => Promise.all([sso.github.close(), sso.discord.close()]);
  let hostdeck: RunningHostdeck;
  try {
    // The sign-in providers are the local doubles (config.ts: test and self-hosted overrides).
    hostdeck = await startHostdeck({
      DISCORD_BASE_URL: sso.discord.url,
      GITHUB_OAUTH_URL: sso.github.url,
      GITHUB_API_URL: sso.github.url,
    });
  } catch (err) {
    await closeDoubles();
    throw err;
  }
  project.provide('baseUrl', hostdeck.baseUrl);
  project.provide('setupUrl', hostdeck.setupUrl);
  return async () => {
    await hostdeck.stop();
    await closeDoubles();
  };
}

/** Resolves with the match once the server has printed `pattern`; fails if it exits or takes too long first. */
function printed(server: ChildProcess, read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`the server did not print ${pattern}:\n${read()}`)), HOOK_TIMEOUT_MS);
    const check = () => {
      const match = read().match(pattern);
      if (match) done(undefined, match);
    };
    const exited = () => done(new Error(`server exited:\n${read()}`));
    function done(err?: Error, match?: RegExpMatchArray) {
      clearTimeout(timer);
      server.stdout?.off('data', check);
      server.stderr?.off('data', check);
      server.off('exit', exited);
      if (match) resolve(match);
      else reject(err);
    }
    server.stdout?.on('data', check);
    server.stderr?.on('data', check);
    server.once('exit', exited);
    check();
  });
}
