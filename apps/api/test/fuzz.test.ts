import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@hostdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEATED_PARAMETER } from '../src/plugins/errors.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { TestClient } from './client.ts';
import {
  bareOperation,
  fuzzRequests,
  impossibleAddress,
  type Operation,
  operations,
  repeatedQuery,
} from './fuzz-cases.ts';
import { memberWithPermissions, signedUpMember } from './users.ts';

/**
 * Malformed requests on every operation of the OpenAPI document, as a member and as an
 * administrator: wrong types, NUL bytes, deep nesting, 1 MB strings, prototype keys, bad JSON, bad
 * multipart, other content types, NUL, out-of-range and malformed path values. None may answer 5xx
 * or write an error line to the log, and every refusal of an /api route is the house envelope.
 */
let t: TestApp;
const web = mkdtempSync(join(tmpdir(), 'hostdeck-fuzz-web-'));
beforeAll(async () => {
  // A stand-in for the built client, so the SPA's fallback route is walked as it runs in production.
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Hostdeck</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'export {};');
  t = await createTestApp({ logLevel: 'warn', webDistDir: web });
  await t.app.ctx.settings.update({ rate_limit_enabled: false });
});
afterAll(async () => {
  await t.app.ctx.backups.whenIdle();
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** `{ success: false, error_code, message }`, the body every refusal has (contracts: ErrorEnvelopeSchema). */
function isEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body);
    return parsed?.success === false && typeof parsed.error_code === 'string' && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

const roles: Record<string, () => Promise<TestClient>> = {
  member: async () => (await signedUpMember(t.app)).client,
  administrator: () => memberWithPermissions(t.app, ['admin.root'], 8),
};

/** Every operation of the document, and every registered route it leaves out (walked without schemas). */
function everyOperation(): Operation[] {
  const documented = operations();
  const keys = new Set(documented.map((op) => `${op.method} ${op.route}`));
  const rest = t.app.routeTable.filter((r) => !keys.has(`${r.method} ${r.url}`) && r.method !== 'OPTIONS');
  return [...documented, ...rest.map((r) => bareOperation(r.method, r.url))];
}

describe('fuzzing every operation', () => {
  for (const [role, signIn] of Object.entries(roles)) {
    it(`as ${role}: no operation answers 5xx or logs an error`, async () => {
      let client = await signIn();
      const access = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access?.kind]));
      const failures: string[] = [];
      const walked = new Set<string>();
      const ops = everyOperation();
      let seen = t.app.ctx.logs.recent('trace', 1)[0]?.id ?? 0;
      for (const op of ops) {
        const key = `${op.method} ${op.path}`;
        for (const req of fuzzRequests(op)) {
          const res = await client.request({ method: op.method as 'GET', ...req });
          // NUL must be refused by the contract layer, not found out by the database.
          if (req.name.includes('NUL') && res.body.includes('"error_code":"DATA_INVALID"'))
            failures.push(`${key} [${req.name}]: NUL reached the database`);
          if (res.statusCode >= 500) failures.push(`${key} [${req.name}]: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && op.path.startsWith('/api/') && !isEnvelope(res.body))
            failures.push(`${key} [${req.name}]: ${res.statusCode} not the error envelope: ${res.body.slice(0, 200)}`);
          const lines = t.app.ctx.logs.recent('error', 50).filter((l) => l.id > seen);
          for (const l of lines)
            failures.push(`${key} [${req.name}] logged: ${l.message} ${JSON.stringify(l.context).slice(0, 300)}`);
          seen = t.app.ctx.logs.recent('trace', 1)[0]?.id ?? seen;
          // Root holds every permission: a 401 or 403 there means the session was lost, not a refusal.
          if (
            role === 'administrator' &&
            access.get(`${op.method} ${op.route}`) === 'permission' &&
            [401, 403].includes(res.statusCode)
          )
            failures.push(`${key} [${req.name}]: ${res.statusCode} as root`);
          // Sign-out and similar operations may end the session: carry on with a fresh one.
          if (!client.cookies.has(SESSION_COOKIE)) client = await signIn();
        }
        walked.add(key);
      }
      expect(failures).toEqual([]);
      expect(walked.size).toBe(ops.length);
      expect(ops.length).toBeGreaterThanOrEqual(t.app.routeTable.filter((r) => r.method !== 'OPTIONS').length);
    }, 600_000);
  }
});

describe('a query parameter given twice', () => {
  it("is refused on every operation with the words to fix it, not a schema library's", async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const wrong: string[] = [];
    let walked = 0;
    for (const op of operations()) {
      const repeated = repeatedQuery(op);
      if (!repeated) continue;
      walked++;
      const res = await root.request({ method: op.method as 'GET', url: repeated.url });
      const fields = res.statusCode === 400 ? (res.json().fields ?? {}) : {};
      for (const name of repeated.names)
        if (fields[name] !== REPEATED_PARAMETER)
          wrong.push(`${op.method} ${op.path} ${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(30);
  }, 120_000);
});

describe('an address whose id cannot exist', () => {
  it('is 404 NOT_FOUND on every API operation, as a missing one is, with the field saying why', async () => {
    const root = await memberWithPermissions(t.app, ['admin.root'], 8);
    const wrong: string[] = [];
    let walked = 0;
    for (const op of operations()) {
      const url = op.path.startsWith('/api/') ? impossibleAddress(op) : null;
      if (!url) continue;
      walked++;
      const res = await root.request({
        method: op.method as 'GET',
        url,
        ...(op.method === 'GET' ? {} : { payload: {} }),
      });
      const body = res.statusCode === 404 ? res.json() : {};
      if (body.error_code !== 'NOT_FOUND' || Object.keys(body.fields ?? {}).length === 0)
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(90);
  }, 120_000);
});
