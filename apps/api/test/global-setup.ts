import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database once; every test file starts from a copy of its data directory. */
export default async function setup(project: TestProject): Promise<() => void> {
  const client = await createPglite();
  await (await fromPglite(client, undefined, { memberCache: false })).migrate();
  const dump = await client.dumpDataDir('none');
  const file = join(tmpdir(), `hostdeck-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
