import {
  AnnouncementFeedQuery,
  AnnouncementFeedSchema,
  AnnouncementUnreadSchema,
  announcementsResource,
  IntIdParamsSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { announcementsAdminService } from './announcements.admin.ts';
import { AnnouncementsService } from './announcements.service.ts';

/** Announcements: the generated admin CRUD, and the members' feed with read markers. */
export async function announcementsRoutes(fastify: FastifyInstance): Promise<void> {
  crudRoutes(fastify, {
    contract: announcementsResource,
    // Every member's bell rings once, when it becomes visible (workers/announcement-bell.worker.ts).
    service: announcementsAdminService(fastify.ctx.db, (a) => fastify.ctx.announcementBell.saved(a.id)),
    params: IntIdParamsSchema,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new AnnouncementsService(app.ctx.db);
  const tags = ['announcements'];
  const unread = (n: number) => ({ success: true as const, unread: n });

  app.get(
    '/api/announcements',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Published announcements, pinned first then newest, each with my unread marker (Markdown bodies)',
        querystring: AnnouncementFeedQuery,
        response: { 200: AnnouncementFeedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { data, total } = await service.feed(req.auth!.account.user.id, req.query);
      return pageEnvelope(data, total, req.query);
    },
  );

  app.get(
    '/api/announcements/unread-count',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'How many published announcements I have not read (the navigation badge)',
        response: { 200: AnnouncementUnreadSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => unread(await service.unreadCount(req.auth!.account.user.id)),
  );

  app.post(
    '/api/announcements/read-all',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Mark every published announcement as read',
        response: { 200: AnnouncementUnreadSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => unread(await service.markAllRead(req.auth!.account.user.id)),
  );

  app.post(
    '/api/announcements/:id/read',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Mark one announcement as read (repeating it changes nothing)',
        params: IntIdParamsSchema,
        response: { 200: AnnouncementUnreadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => unread(await service.markRead(req.auth!.account.user.id, req.params.id)),
  );
}
