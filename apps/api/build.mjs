// Bundles the server and CLI for Node 20: npm packages stay external, the workspace's own
// TypeScript packages (@hostdeck/*) are compiled in, since Node 20 cannot load .ts files.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (a) =>
          a.path.startsWith('@hostdeck/') ? undefined : { path: a.path, external: true },
        );
      },
    },
  ],
});
// The release notes ship beside the bundle: the dashboard's updates widget reads dist/CHANGELOG.md.
copyFileSync('../../CHANGELOG.md', 'dist/CHANGELOG.md');
console.log('built apps/api/dist');
