import {
  ErrorEnvelopeSchema,
  eggCategoriesResource,
  eggsResource,
  ImportResultSchema,
  IntIdParamsSchema,
  locationsResource,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { type CrudService, crudRoutes } from '../../lib/crud-routes.ts';
import { access } from '../../plugins/access.ts';
import type { CatalogCache } from './catalog.cache.ts';
import { importCategories, importEggs, importLocations } from './catalog.import.ts';
import { eggCategoriesService, eggsService, locationsService } from './catalog.services.ts';

/** The service with the cached catalogue dropped (here and on every instance) after each write. */
function dropsCache<Item>(service: CrudService<Item>, cache: CatalogCache): CrudService<Item> {
  const after = <A extends unknown[], R>(write: ((...args: A) => Promise<R>) | undefined) =>
    write &&
    (async (...args: A) => {
      try {
        return await write(...args);
      } finally {
        await cache.changed();
      }
    });
  return {
    ...service,
    create: after(service.create?.bind(service)),
    update: after(service.update?.bind(service)),
    remove: after(service.remove?.bind(service)),
  };
}

/** Locations, egg categories and eggs: generated CRUD, plus "import from panel" written out beside it. */
export async function catalogRoutes(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.ctx;
  // Made (and subscribed to the bus) when the app starts, not at the first read.
  const cache = fastify.ctx.catalog;
  crudRoutes(fastify, {
    contract: locationsResource,
    service: dropsCache(locationsService(db), cache),
    params: IntIdParamsSchema,
  });
  crudRoutes(fastify, {
    contract: eggCategoriesResource,
    service: dropsCache(eggCategoriesService(db), cache),
    params: IntIdParamsSchema,
  });
  crudRoutes(fastify, {
    contract: eggsResource,
    service: dropsCache(eggsService(db), cache),
    params: IntIdParamsSchema,
  });
  const imported = async <R>(work: Promise<R>): Promise<R> => {
    try {
      return await work;
    } finally {
      await cache.changed();
    }
  };

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const response = {
    200: ImportResultSchema,
    401: ErrorEnvelopeSchema,
    403: ErrorEnvelopeSchema,
    409: ErrorEnvelopeSchema,
    502: ErrorEnvelopeSchema,
  };
  app.post(
    '/api/admin/locations/import',
    {
      config: { access: access.permission('admin.locations.create') },
      schema: { tags: ['locations'], summary: 'Create or re-sync locations from the panel', response },
    },
    async (req) => ({
      success: true as const,
      ...(await imported(app.ctx.panel.use((p) => importLocations(db, p, actorOf(req))))),
    }),
  );
  app.post(
    '/api/admin/egg-categories/import',
    {
      config: { access: access.permission('admin.nests.create') },
      schema: {
        tags: ['egg-categories'],
        summary: 'Create or re-sync egg categories from the panel (its nests)',
        response,
      },
    },
    async (req) => ({
      success: true as const,
      ...(await imported(app.ctx.panel.use((p) => importCategories(db, p, actorOf(req))))),
    }),
  );
  app.post(
    '/api/admin/eggs/import',
    {
      config: { access: access.permission('admin.egg.create') },
      schema: {
        tags: ['eggs'],
        summary: 'Create or re-sync the eggs of the imported categories from the panel',
        response,
      },
    },
    async (req) => ({
      success: true as const,
      ...(await imported(app.ctx.panel.use((p) => importEggs(db, p, actorOf(req))))),
    }),
  );
}
