import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The server-lifecycle suites once more, against a simulated Pelican panel: the same files,
 * parameterised by TEST_PANEL_FLAVOUR (test/panel-flavour.ts). Spread rather than `extends`, which
 * would add these files to the base list instead of replacing it.
 */
export default defineConfig({
  test: {
    ...base.test,
    name: 'api-pelican',
    include: [
      'src/modules/servers/servers.test.ts',
      'src/workers/server-queue.worker.test.ts',
      'src/workers/server-queue.crash.test.ts',
      'src/workers/server-queue.panel.test.ts',
      'src/workers/server-lifecycle.worker.test.ts',
      'src/workers/server-lifecycle.status.test.ts',
    ],
    // On PostgreSQL when there is one (the crash test needs a database server).
    env: { TEST_PANEL_FLAVOUR: 'pelican', ...(process.env.TEST_DATABASE_URL ? { TEST_DB: 'postgres' } : {}) },
    sequence: { groupOrder: 2 },
  },
});
