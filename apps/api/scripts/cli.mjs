// Runs the CLI from the build when there is one (fast), else from source through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(`${root}dist/cli.js`);
const args = built ? ['dist/cli.js'] : ['--import', 'tsx', 'src/cli.ts'];
const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
