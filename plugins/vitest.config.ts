import { defineConfig } from 'vitest/config';

// The shipped plugins' own tests (each plugin's test/ folder), plus the checks that span them: every
// manifest parses with the contract's schema, and docs/plugins.md matches the SDK's types.
export default defineConfig({
  // Every folder here is read as a plugin by the panel: keep Vite's cache out of plugins/node_modules.
  cacheDir: '../node_modules/.vite/plugins',
  test: {
    name: 'plugins',
    environment: 'node',
    include: ['*/test/**/*.test.ts', '*.test.ts'],
    // Ceilings for a loaded two-core machine, not expectations: waits end as soon as they succeed.
    testTimeout: 60_000,
    sequence: { groupOrder: 0 },
  },
});
