import {
  FreeResourcesSchema,
  MemberServerListSchema,
  MemberServerSchema,
  QueueItemSchema,
  ServerDetailSchema,
  ServerOptionsSchema,
  ServerRequestSchema,
  ServerUpdateSchema,
  UuidParamsSchema,
} from '@hostdeck/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { memberRead } from '../../db/prepared.ts';
import { serverQueue } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { freeResources, presentQueueItem, requestServer, serverOptions } from './requests.service.ts';
import { findServersOfOwner, presentServer } from './servers.repo.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502);
const one = z.object({ success: z.literal(true), data: MemberServerSchema });

/** A member's latest 50 server requests, newest first. */
const requestsOfMember = (db: Db) =>
  db
    .select()
    .from(serverQueue)
    .where(eq(serverQueue.userId, sql.placeholder('userId')))
    .orderBy(desc(serverQueue.createdAt))
    .limit(50)
    .prepare('');

/** A member's servers and server requests. Every read comes from the database, never from the panel. */
export async function serversRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, settings, servers } = app.ctx;
  // Locations, categories and eggs are the same for every member: read from memory (catalog.cache.ts).
  const { catalog } = app.ctx;
  const tags = ['servers'];
  const member = { config: { access: access.session } };

  app.get(
    '/api/servers/options',
    {
      ...member,
      schema: {
        tags,
        summary: 'What the create page offers: locations, categories, eggs, free resources',
        response: { 200: ServerOptionsSchema, ...errors },
      },
    },
    async (req) => ({
      ...(await serverOptions(db, catalog, settings, actorOf(req), req.auth!.account.user)),
      panel: app.ctx.panel.kind(),
    }),
  );

  app.post(
    '/api/servers/requests',
    {
      ...member,
      schema: {
        tags,
        summary: 'Ask for a new server: checked, reserved and queued at once',
        body: ServerRequestSchema,
        response: { 201: z.object({ success: z.literal(true), data: QueueItemSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const data = await requestServer(db, settings, app.ctx.panel, actorOf(req), req.body);
      await app.ctx.sessions.invalidateUser(data.user_id); // the session's server count changed
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/servers/requests',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's server requests and free resources",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(QueueItemSchema), free: FreeResourcesSchema }),
          ...errors,
        },
      },
    },
    async (req) => {
      const user = req.auth!.account.user;
      // Both at once: one round trip on a pool (the embedded database still runs them in turn).
      const [rows, free] = await Promise.all([
        memberRead(db, user.id, requestsOfMember, { userId: user.id }),
        freeResources(db, user),
      ]);
      return { success: true as const, data: rows.map(presentQueueItem), free };
    },
  );

  app.get(
    '/api/servers',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's servers (status as last read from the panel)",
        response: { 200: MemberServerListSchema, ...errors },
      },
    },
    async (req) => {
      const view = await servers.view();
      const rows = await findServersOfOwner(db, catalog, req.auth!.account.user);
      return { success: true as const, data: rows.map((r) => presentServer(r, view)), panel: app.ctx.panel.kind() };
    },
  );

  app.get(
    '/api/servers/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One of my servers, with how far each resource may be raised and what a renewal costs',
        params: UuidParamsSchema,
        response: { 200: ServerDetailSchema, ...errors },
      },
    },
    async (req) => servers.detail(actorOf(req), req.params.id),
  );

  app.patch(
    '/api/servers/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Change name, description or resources (within the free pool); the panel is changed first',
        params: UuidParamsSchema,
        body: ServerUpdateSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await servers.update(actorOf(req), req.params.id, req.body) }),
  );

  app.post(
    '/api/servers/:id/renew',
    {
      ...member,
      schema: {
        tags,
        summary: 'Pay server_renew_cost coins to extend the expiry by server_renew_days (lifts an expiry suspension)',
        params: UuidParamsSchema,
        response: { 200: one.extend({ coins: z.number().int() }), ...errors },
      },
    },
    async (req) => {
      const result = await servers.renew(actorOf(req), req.params.id);
      await app.ctx.sessions.invalidateUser(req.auth!.account.user.id); // the balance in the session changed
      return { success: true as const, ...result };
    },
  );

  app.delete(
    '/api/servers/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete the server on the panel, then here',
        params: UuidParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await servers.remove(actorOf(req), req.params.id);
      await app.ctx.sessions.invalidateUser(req.auth!.account.user.id); // the session's server count changed
      return { success: true as const };
    },
  );
}
