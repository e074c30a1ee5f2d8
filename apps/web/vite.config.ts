import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Language chunks get recognisable names: locale-fr-<hash>.js.
        chunkFileNames: (chunk) => {
          const locale = chunk.moduleIds.map((id) => id.match(/\/locales\/(\w+)\/\1\.json$/)?.[1]).find(Boolean);
          return locale ? `assets/locale-${locale}-[hash].js` : 'assets/[name]-[hash].js';
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
