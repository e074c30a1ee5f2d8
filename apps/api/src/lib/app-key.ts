import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './crypto.ts';

/** APP_KEY from the environment, else one generated once into DATA_DIR/app.key (mode 600). */
export function resolveAppKey(cfg: { appKey?: string; dataDir: string }): string {
  if (cfg.appKey) return cfg.appKey;
  const file = join(cfg.dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(cfg.dataDir, { recursive: true });
  const key = randomToken(32);
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
