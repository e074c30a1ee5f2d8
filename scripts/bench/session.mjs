// What the benches do as a browser would: the CSRF cookie first, calls echoing it, an administrator
// made with the CLI who signs in and changes settings (the per-client rate limit off for a
// measurement whose load comes from one address).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../build-if-stale.mjs';

export const BENCH_ADMIN = { login: 'bench_admin', password: 'bench password 1' };

/** Makes the bench's administrator in the database `env` names (DATA_DIR, DATABASE_URL). */
export function createBenchAdmin(env) {
  const admin = spawnSync(
    process.execPath,
    [
      'dist/cli.js',
      'admin:create',
      '--username',
      BENCH_ADMIN.login,
      '--email',
      'bench@example.com',
      '--password',
      BENCH_ADMIN.password,
    ],
    { cwd: join(root, 'apps/api'), env, encoding: 'utf8' },
  );
  if (admin.status !== 0) throw new Error(admin.stderr);
}

const csrfOf = (cookies) => cookies.find((c) => c.startsWith('csrf_token='))?.split('=')[1] ?? '';

/** A POST with the cookies so far and their CSRF token; the answer's cookies are added to `cookies`. */
export async function post(base, path, body, cookies, forwardedFor) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookies.join('; '),
      'x-csrf-token': csrfOf(cookies),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
  for (const c of res.headers.getSetCookie()) cookies.push(c.split(';')[0]);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The settings call's CSRF cookie, as a browser's first request gets it: `['csrf_token=…']`. */
export async function csrfCookies(base) {
  const first = await fetch(`${base}/api/system/settings`);
  return first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('csrf_token='));
}

/**
 * Changes settings as the signed-in administrator whose cookies these are; `forwardedFor` is the
 * address the limiter counts them under (behind TRUST_PROXY), apart from the load's own.
 */
export async function patchSettings(base, adminCookies, values, forwardedFor) {
  const patch = await fetch(`${base}/api/admin/settings`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      cookie: adminCookies.join('; '),
      'x-csrf-token': csrfOf(adminCookies),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ values }),
  });
  if (!patch.ok) throw new Error(`settings: ${patch.status} ${await patch.text()}`);
}
