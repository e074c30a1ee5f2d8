import { defineConfig } from 'vitest/config';
import { EVENT_TIMEOUT_MS, HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './timeouts.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    // expect.poll waits for a value as long as any other event (vitest's own default is one second).
    expect: { poll: { timeout: EVENT_TIMEOUT_MS, interval: 100 } },
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // Last, on a machine the other suites have left alone.
    sequence: { groupOrder: 9 },
  },
});
