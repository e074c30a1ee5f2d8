import {
  ImageReportActionSchema,
  ImageReportDetailSchema,
  ImageReportSchema,
  IntIdParamsSchema,
  imageReportsResource,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { UsersService } from '../users/users.service.ts';
import { imageHosting } from './hosted-images.context.ts';
import { BAN_PERMISSION, ImageReportsService } from './image-reports.service.ts';

/**
 * Staff review of image reports (/mc-admin/image-reports): the generated list, edit and delete, and
 * written out beside them the detail view (admin.image.reports.view) and the actions.
 */
export async function imageReportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, media, sessions, settings } = app.ctx;
  const { urls } = imageHosting(app);
  const service = new ImageReportsService(db, media, urls, new UsersService(db, sessions, settings));
  // The specification puts the list page (/mc-admin/image-reports) behind admin.image.reports.view.
  crudRoutes(fastify, {
    contract: imageReportsResource,
    service,
    params: IntIdParamsSchema,
    getRoute: false,
    listPermission: 'admin.image.reports.view',
  });
  const base = `/api/admin/${imageReportsResource.name}/:id`;
  const tags = [imageReportsResource.name];

  app.get(
    base,
    {
      config: { access: access.permission('admin.image.reports.view') },
      schema: {
        tags,
        summary: 'One report with its image, the other reports of that image and the uploader’s record',
        params: IntIdParamsSchema,
        response: { 200: ImageReportDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.detail(req.params.id),
  );

  app.post(
    `${base}/actions`,
    {
      config: { access: access.permission('admin.image.reports.edit') },
      schema: {
        tags,
        summary: 'Dismiss the report, remove the image, or ban the uploader (audited)',
        description: `remove_image deletes the image and its files and resolves every pending report of it; ban_uploader also needs ${BAN_PERMISSION} and bans through the users' own ban.`,
        params: IntIdParamsSchema,
        body: ImageReportActionSchema,
        response: {
          200: z.object({ success: z.literal(true), data: ImageReportSchema }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.act(actorOf(req), req.params.id, req.body.action, req.body.note),
    }),
  );
}
