import { fileURLToPath } from 'node:url';
import { pluginEvents } from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import { pluginOutbox, plugins } from '../../db/schema/index.ts';
import { localBus } from '../../lib/bus.ts';
import { PluginRegistry } from './plugins.registry.ts';

const pluginDirs = { bundled: fileURLToPath(new URL('../../../test/plugins', import.meta.url)) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pluginDirs });
});
afterAll(() => t.close());

/**
 * The database, except that the first one-plugin read (`select … from plugins where …`) runs at once
 * but hands its rows over late: once a later such read has been answered, or after a second if none
 * comes (a registry that waits for the first read before it starts the next).
 */
function firstAnswersLast(db: Db) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reads = 0;
  const oneRead = (rows: Promise<unknown>) => {
    if (++reads > 1) return rows.finally(release);
    setTimeout(release, 1000).unref();
    return held.then(() => rows);
  };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'select') return Reflect.get(target, prop, receiver);
      return (...args: Parameters<Db['select']>) => {
        const select = target.select(...args);
        return new Proxy(select, {
          get(s, p) {
            if (p !== 'from') return Reflect.get(s, p);
            return (table: typeof plugins) => {
              const from = s.from(table);
              if (table !== plugins) return from;
              return new Proxy(from, {
                get(f, q) {
                  if (q !== 'where') return Reflect.get(f, q);
                  return (...cond: Parameters<typeof f.where>) => oneRead(f.where(...cond).then((r) => r));
                },
              });
            };
          },
        });
      };
    },
  });
  return proxy as Db;
}

it('applies two switches of one plugin in the order they were announced, even when the first read answers last', async () => {
  const db = t.database.db;
  const bus = localBus();
  const registry = new PluginRegistry(
    firstAnswersLast(db),
    bus,
    t.app.log,
    'k'.repeat(64),
    t.app.ctx.panel,
    t.app.ctx.sessions,
    pluginDirs,
  );
  await registry.init();
  const switchTo = (enabled: boolean) =>
    db
      .insert(plugins)
      .values({ identifier: 'recorder', enabled })
      .onConflictDoUpdate({ target: plugins.identifier, set: { enabled, updatedAt: new Date() } });
  const event = pluginEvents[0]!;
  const emitted = async () => {
    const before = (await db.select().from(pluginOutbox).where(eq(pluginOutbox.event, event))).length;
    await registry.emit(event, {}, db); // not the registry's own handle: no dispatch pass takes the row away
    return (await db.select().from(pluginOutbox).where(eq(pluginOutbox.event, event))).length - before;
  };
  try {
    expect(await emitted()).toBe(0); // off: its events are not recorded

    await switchTo(true);
    await bus.publish('plugins', 'recorder'); // read at once, answered late (on)
    await switchTo(false);
    await bus.publish('plugins', 'recorder'); // the newer switch (off)
    await registry.whenRefreshed('recorder');
    // Both reads done: the plugin is off, as the database says (the late answer did not put it back on).
    expect(await emitted()).toBe(0);
    await switchTo(true);
    await bus.publish('plugins', 'recorder');
    await registry.whenRefreshed('recorder');
    expect(await emitted()).toBe(1);
  } finally {
    await registry.stop();
  }
});
