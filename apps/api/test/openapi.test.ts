import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/lib/paths.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('the committed apps/api/openapi.json matches what the routes generate (run npm run openapi:generate)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const committed = JSON.parse(readFileSync(join(apiRoot, 'openapi.json'), 'utf8'));
    expect(res.json()).toEqual(committed);
  });

  it('documents the specification calls and serves the docs UI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/system/settings',
      '/api/user/session',
      '/api/user/auth/login',
      '/api/system/license/{name}',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
