// npm start: build what is missing or stale, then run the server (migrations run at start-up).
import { spawn } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';

if (!buildIfStale()) process.exit(1);
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
