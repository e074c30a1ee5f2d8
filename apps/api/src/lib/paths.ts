import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/api folder, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the apps/api folder (drizzle/meta/_journal.json)');
}

export const apiRoot = findApiRoot();
export const migrationsFolder = join(apiRoot, 'drizzle');
export const defaultWebDist = join(apiRoot, '..', 'web', 'dist');
