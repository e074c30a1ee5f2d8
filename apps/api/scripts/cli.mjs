// Runs the CLI from the build when it is up to date (fast), else from source through tsx, so a
// command added since the last build (backup:restore, say) is never missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiBuildIsFresh } from '../../../scripts/build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(`${root}dist/cli.js`) && apiBuildIsFresh();
const args = built ? ['dist/cli.js'] : ['--import', 'tsx', 'src/cli.ts'];
const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
