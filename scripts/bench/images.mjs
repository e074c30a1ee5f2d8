// npm run bench, part "images" (issue #16): upload throughput of 2 MB JPEGs through the browser
// upload route (decode, re-encode, thumbnail, store), and serving a stored raw image next to a bare
// Fastify serving the same bytes as a static file, in the same run. Prints; asserts nothing.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { root } from '../build-if-stale.mjs';
import { startBuiltServer } from '../client-budget-server.mjs';
import { BENCH_ADMIN, createBenchAdmin, csrfCookies, patchSettings, post } from './session.mjs';

const UPLOADS = 120;
const MEMBERS = 6; // 20 uploads each: under the 60 a minute one member may send
const PARALLEL = 8;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A photo-like JPEG of about 2 MB: smooth gradients with noise, as a camera writes them. */
async function twoMegabyteJpeg() {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed >> 16) % 48;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + n) & 255;
      raw[i + 1] = ((y * 255) / height + n) & 255;
      raw[i + 2] = (((x + y) * 128) / (width + height) + n) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(base, cookies, jpeg, name) {
  const form = new FormData();
  form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), name);
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.split('=')[1] ?? '';
  const res = await fetch(`${base}/api/user/images`, {
    method: 'POST',
    headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

// autocannon parses every body in JavaScript: for a 2 MB file it became the bottleneck of both runs
// (under 40 req/s where Node's own client reads the same file 400 times a second). A plain keep-alive
// client that discards the bytes measures the servers instead.
const RAW_CONNECTIONS = 10;

async function measure(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RAW_CONNECTIONS });
  const latencies = [];
  let bad = 0;
  const end = Date.now() + DURATION * 1000;
  const get = () =>
    new Promise((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode !== 200) bad++;
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', () => {
          bad++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: RAW_CONNECTIONS }, async () => {
      while (Date.now() < end) await get();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / DURATION),
    mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    bad,
  };
}

export async function imageFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-images-'));
  // TRUST_PROXY and a wide sign-in budget: the bench registers its members from one address.
  const env = { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' };
  createBenchAdmin({ ...process.env, ...env, DATABASE_URL: '' });
  const { base, stop } = await startBuiltServer({ env: { NODE_ENV: 'production', ...env } });
  let staticServer;
  try {
    const csrf = await csrfCookies(base);
    const adminCookies = [...csrf];
    await post(base, '/api/user/auth/login', BENCH_ADMIN, adminCookies, '10.9.0.1');
    // The per-client limit off for the measurement (one address sends everything); the upload limit stays.
    await patchSettings(base, adminCookies, { rate_limit_enabled: false });
    const members = [];
    for (let m = 0; m < MEMBERS; m++) {
      const cookies = [...csrf];
      const body = {
        username: `bench_images_${m}`,
        email: `images${m}@example.com`,
        password: 'bench password 2',
        first_name: 'Bench',
        last_name: 'Images',
      };
      await post(base, '/api/user/auth/register', body, cookies, `10.9.1.${m + 1}`);
      members.push(cookies);
    }

    const jpeg = await twoMegabyteJpeg();
    await upload(base, members[0], jpeg, 'warm-up.jpg');
    let next = 0;
    let last;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < UPLOADS) {
          const n = next++;
          last = await upload(base, members[n % MEMBERS], jpeg, `photo-${n}.jpg`);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const perSecond = UPLOADS / seconds;

    // The stored file of one upload, served by Hostdeck and by a bare static server from disk.
    const extension = last.direct_url.split('.').pop();
    const direct = `${base}/i/${last.id}.${extension}`;
    const bytes = Buffer.from(await (await fetch(direct)).arrayBuffer());
    const file = join(dataDir, `static.${extension}`);
    writeFileSync(file, bytes);
    const port = await freePort();
    staticServer = fork(join(root, 'scripts/bench/static-file.mjs'), {
      env: { ...process.env, PORT: String(port), BENCH_STATIC_FILE: file },
      stdio: 'ignore',
    });
    await new Promise((resolve) => staticServer.once('message', resolve));
    const baseline = await measure(`http://127.0.0.1:${port}/file`);
    const hostdeck = await measure(direct);
    const share = (100 * hostdeck.rps) / baseline.rps;

    console.log(
      `\nImage hosting (${cpus().length} cores, embedded database, ${(jpeg.length / 1e6).toFixed(2)} MB JPEG 2400×1600)`,
    );
    console.log(
      `  uploads: ${UPLOADS} in ${seconds.toFixed(1)} s, ${PARALLEL} at a time = ${perSecond.toFixed(1)} per second   goal ≥ 20 per second`,
    );
    const slower = (100 * (hostdeck.mean - baseline.mean)) / baseline.mean;
    const figures = (r) => `${String(r.rps).padStart(6)} req/s, mean ${r.mean.toFixed(1)} ms, p99 ${r.p99} ms`;
    console.log(
      `  raw image (${(bytes.length / 1024).toFixed(0)} KB, ${RAW_CONNECTIONS} connections, ${DURATION} s each, from the disk cache):`,
    );
    console.log(`    static file (bare Fastify, @fastify/static): ${figures(baseline)}`);
    console.log(
      `    GET /i/<id>.${extension}:                            ${figures(hostdeck)}: ${slower >= 0 ? `${slower.toFixed(1)} % slower` : `${(-slower).toFixed(1)} % faster`} (${share.toFixed(1)} % of its rate)   goal: within 20 %${hostdeck.bad + baseline.bad ? `  (${hostdeck.bad + baseline.bad} failed answers)` : ''}`,
    );
  } finally {
    staticServer?.kill();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await imageFigures();
