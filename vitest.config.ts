import { defineConfig } from 'vitest/config';

// One runner for every suite; each project keeps its own config beside its code.
// The API suite runs twice: on embedded PGlite always, and on a PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it; scripts/test.mjs says so when it is skipped).
const projects: Parameters<typeof defineConfig>[0]['test'] extends infer T
  ? T extends { projects?: infer P }
    ? P
    : never
  : never = ['packages/contracts', 'tools/pterodactyl-sim', 'apps/api', 'apps/web', 'plugins', 'e2e'];
// The server-lifecycle suites run once more against a simulated Pelican panel (its own config says how).
projects.push('apps/api/vitest.pelican.config.ts');
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: { name: 'api-pg', env: { TEST_DB: 'postgres' }, sequence: { groupOrder: 2 } },
  });
}

export default defineConfig({ test: { projects } });
