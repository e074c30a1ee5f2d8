import type { ResourceContract } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../plugins/access.ts';
import { type Actor, actorOf } from './actor.ts';
import { errorResponses } from './error-responses.ts';
import { type PageQuery, pageEnvelope } from './paging.ts';

type Id = string | number;

/** What a resource's service offers the generated routes; create/update/remove are optional. */
export interface CrudService<Item> {
  /** `estimated`: the total is an estimate (see lib/count.ts). */
  list(query: PageQuery & Record<string, unknown>): Promise<{ data: Item[]; total: number; estimated?: boolean }>;
  get(id: Id): Promise<Item>;
  create?(actor: Actor, body: never): Promise<Item>;
  update?(actor: Actor, id: Id, body: never): Promise<Item>;
  remove?(actor: Actor, id: Id): Promise<void>;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The five boring routes of an admin resource, built from its contract: list, get, create, update,
 * delete under /api/admin/<name>, each behind `<permission>.list|create|edit|delete` (get needs list).
 * Anything else a resource does is written out beside this, in its own routes file.
 */
export function crudRoutes<Item>(
  fastify: FastifyInstance,
  opts: {
    contract: ResourceContract;
    service: CrudService<Item>;
    params: z.ZodObject;
    /** false: the resource writes its own GET /:id beside these (another answer or permission). */
    getRoute?: false;
    /** The list's permission when the specification gives its page another than `<permission>.list`. */
    listPermission?: string;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contract, service, params } = opts;
  const base = `/api/admin/${contract.name}`;
  const perm = (verb: string) => access.permission(`${contract.permission}.${verb}`);
  const tags = [contract.name];
  const one = z.object({ success: z.literal(true), data: contract.item });
  const page = z.object({
    success: z.literal(true),
    data: z.array(contract.item),
    total: z.number().int(),
    total_estimated: z.boolean().optional(),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
  });
  const idOf = (p: unknown) => (p as { id: Id }).id;

  app.get(
    base,
    {
      config: { access: opts.listPermission ? access.permission(opts.listPermission) : perm('list') },
      schema: {
        tags,
        summary: `List ${contract.name}`,
        querystring: contract.listQuery,
        response: { 200: page, ...errors },
      },
    },
    async (req) => {
      const q = req.query as PageQuery & Record<string, unknown>;
      const { data, total, estimated } = await service.list(q);
      return pageEnvelope(data, total, q, estimated);
    },
  );

  if (opts.getRoute !== false)
    app.get(
      `${base}/:id`,
      {
        config: { access: perm('list') },
        schema: { tags, summary: `One of ${contract.name}`, params, response: { 200: one, ...errors } },
      },
      async (req) => ({
        success: true as const,
        data: await service.get(idOf(req.params)),
      }),
    );

  if (contract.create && service.create) {
    const create = service.create.bind(service);
    app.post(
      base,
      {
        config: { access: perm('create') },
        schema: {
          tags,
          summary: `Create one of ${contract.name}`,
          body: contract.create,
          response: { 201: one, ...errors },
        },
      },
      async (req, reply) =>
        reply.status(201).send({ success: true as const, data: await create(actorOf(req), req.body as never) }),
    );
  }

  if (contract.update && service.update) {
    const update = service.update.bind(service);
    app.patch(
      `${base}/:id`,
      {
        config: { access: perm('edit') },
        schema: {
          tags,
          summary: `Change one of ${contract.name} (send the updated_at you loaded)`,
          params,
          body: contract.update,
          response: { 200: one, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await update(actorOf(req), idOf(req.params), req.body as never),
      }),
    );
  }

  if (service.remove) {
    const remove = service.remove.bind(service);
    app.delete(
      `${base}/:id`,
      {
        config: { access: perm('delete') },
        schema: {
          tags,
          summary: `Delete one of ${contract.name}`,
          params,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (req) => {
        await remove(actorOf(req), idOf(req.params));
        return { success: true as const };
      },
    );
  }
}
