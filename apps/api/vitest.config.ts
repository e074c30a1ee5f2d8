import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Ceilings for a loaded two-core machine (other suites, builds, a browser beside them), not
    // expectations: a passing test ends as soon as its events have happened.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // PGlite copies are ~100 MB each; two workers keep a 2-core machine busy without thrashing.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
