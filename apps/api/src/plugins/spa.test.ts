import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

const INDEX = '<!doctype html><title>spa</title><div id="root"></div>';
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built client as apps/web/build/precompress.ts leaves it: each asset beside its .br and .gz.
  webDist = mkdtempSync(join(tmpdir(), 'hostdeck-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(webDist, 'assets/plain-abc123.css'), 'body{color:red}');
  t = await createTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built client', () => {
  it('is sent compressed when the browser accepts it: brotli first, then gzip, else as it is', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is, and index.html for client routes', async () => {
    const css = await get('/assets/plain-abc123.css', 'br, gzip');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{color:red}');

    const page = await get('/auth/login', 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(INDEX);
  });
});
