// npm test: every suite in one Vitest run (contracts, api on PGlite, api on PostgreSQL when
// TEST_DATABASE_URL is set, web, e2e in Chromium), then one totals line, last.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';
import { chromiumPath } from './chromium.mjs';

const ci = Boolean(process.env.CI);

const notes = [];
if (!process.env.TEST_DATABASE_URL) {
  if (ci) notes.push('FAIL: TEST_DATABASE_URL is not set; CI must run the PostgreSQL suite');
  else
    notes.push(
      'skipped: the PostgreSQL suite (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it)',
    );
}
if (!process.env.TEST_REDIS_URL) {
  if (ci) notes.push('FAIL: TEST_REDIS_URL is not set; CI must run the Redis suite');
  else notes.push('skipped: the Redis suite (set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it)');
}
if (!existsSync(chromiumPath)) {
  if (ci) notes.push(`FAIL: no Chromium at ${chromiumPath}; CI must run the browser suite`);
  else notes.push(`skipped: the browser suite (install Debian's chromium, or set CHROMIUM_PATH)`);
}
for (const n of notes) console.log(n);
if (notes.some((n) => n.startsWith('FAIL'))) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const report = join(out, 'vitest.json');
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  // A file that failed to load has no tests to count: count it as one failure.
  for (const file of r.testResults) if (file.status === 'failed' && file.assertionResults.length === 0) failed += 1;
} else {
  failed = 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
for (const n of notes) console.log(n);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
