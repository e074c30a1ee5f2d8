import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'pterodactyl-sim', environment: 'node', include: ['src/**/*.test.ts'], sequence: { groupOrder: 0 } },
});
