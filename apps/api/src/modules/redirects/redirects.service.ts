import type { RedirectLink } from '@hostdeck/contracts';
import type { Db } from '../../db/client.ts';
import { redirectLinks } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { tableCrud } from '../../lib/table-crud.ts';
import type { RedirectCache } from './redirects.cache.ts';

type Row = Record<string, unknown>;

/** Redirect links in the admin area: the generated CRUD; every committed change refreshes the cache. */
export function redirectLinksService(db: Db, cache: RedirectCache): CrudService<RedirectLink> {
  const base = tableCrud<RedirectLink>(db, {
    table: redirectLinks,
    noun: 'redirect_link',
    fields: { name: 'name', url: 'url' },
    present: (r: Row) => ({
      id: r.id as number,
      name: r.name as string,
      url: r.url as string,
      created_at: (r.createdAt as Date).toISOString(),
      updated_at: (r.updatedAt as Date).toISOString(),
    }),
    sort: { name: redirectLinks.name, url: redirectLinks.url, created_at: redirectLinks.createdAt },
    search: redirectLinks.name,
  });
  const refreshed = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await cache.changed();
    return result;
  };
  return {
    ...base,
    list: (q) => base.list({ ...q, sort: q.sort ?? 'name' }),
    create: (actor: Actor, body: never) => refreshed(base.create!(actor, body)),
    update: (actor: Actor, id, body: never) => refreshed(base.update!(actor, id, body)),
    remove: (actor: Actor, id) => refreshed(base.remove!(actor, id)),
  };
}
