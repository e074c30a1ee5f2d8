import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { barrelImports } from './build/barrel-imports.ts';
import { chunkGroups } from './build/chunks.ts';
import { localeParts } from './build/locale-parts.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), localeParts(), barrelImports(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // Every browser the panel supports preloads modules itself; the polyfill was a file of its own.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts package is schemas and constants: a module none of whose exports a page uses is
      // left out (the login page uses a few constants; without this it loaded every schema and zod).
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contracts[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: { groups: chunkGroups },
        // Language chunks get recognisable names: locale-fr-core-<hash>.js.
        chunkFileNames: (chunk) => {
          const locale = chunk.moduleIds.map((id) => id.match(/\/locales\/(\w+)\/\1\.json\?part=(\w+)$/)).find(Boolean);
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Ceilings for a loaded machine (the five-second default was hit by the locale files' checks).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: 3 },
  },
});
