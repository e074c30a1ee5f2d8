import {
  ErrorEnvelopeSchema,
  FreeResourcesSchema,
  MemberServerSchema,
  QueueItemSchema,
  ServerRequestSchema,
} from '@hostdeck/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverQueue, servers } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/actor.ts';
import { access } from '../../plugins/access.ts';
import { freeResources, presentQueueItem, requestServer } from './requests.service.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};

export async function serversRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['servers'];

  app.post(
    '/api/servers/requests',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Ask for a new server: checked, reserved and queued at once',
        body: ServerRequestSchema,
        response: { 201: z.object({ success: z.literal(true), data: QueueItemSchema }), ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await requestServer(app.ctx.db, app.ctx.settings, actorOf(req), req.body),
      }),
  );

  app.get(
    '/api/servers/requests',
    {
      config: { access: access.session },
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
      const rows = await app.ctx.db
        .select()
        .from(serverQueue)
        .where(eq(serverQueue.userId, user.id))
        .orderBy(desc(serverQueue.createdAt))
        .limit(50);
      return { success: true as const, data: rows.map(presentQueueItem), free: await freeResources(app.ctx.db, user) };
    },
  );

  app.get(
    '/api/servers',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: "The member's servers",
        response: { 200: z.object({ success: z.literal(true), data: z.array(MemberServerSchema) }), ...errors },
      },
    },
    async (req) => {
      const rows = await app.ctx.db
        .select()
        .from(servers)
        .where(eq(servers.ownerId, req.auth!.account.user.id))
        .orderBy(desc(servers.createdAt));
      return {
        success: true as const,
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          location_id: r.locationId,
          egg_id: r.eggId,
          memory: r.memory,
          cpu: r.cpu,
          disk: r.disk,
          ports: r.ports,
          databases: r.databases,
          backups: r.backups,
          status: r.status,
          panel_identifier: r.panelIdentifier,
          expires_at: r.expiresAt?.toISOString() ?? null,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
