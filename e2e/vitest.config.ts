import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // Last, on a machine the other suites have left alone.
    sequence: { groupOrder: 9 },
  },
});
