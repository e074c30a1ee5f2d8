import {
  CloudDownloadRequestSchema,
  CloudDownloadResultSchema,
  CloudObjectListSchema,
  CloudOverviewSchema,
  CloudTestResultSchema,
  CloudUploadRequestSchema,
  CloudUploadResultSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { CloudService } from './cloud.service.ts';

/** Cloud backups (/mc-admin/mythicalcloud): the bucket's backups, upload, download, connection test. */
export async function cloudRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CloudService(app.ctx.db, app.ctx.settings, app.ctx.config.dataDir);
  const tags = ['admin: cloud backups'];
  const base = '/api/admin/mythicalcloud';

  app.get(
    base,
    {
      config: { access: access.permission('admin.mythicalcloud.view') },
      schema: {
        tags,
        summary: 'The cloud storage configuration (no secret) and the local backups with their upload state',
        response: { 200: CloudOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.overview(),
  );

  app.get(
    `${base}/objects`,
    {
      config: { access: access.permission('admin.mythicalcloud.view') },
      schema: {
        tags,
        summary: 'The objects in the bucket under the prefix, with size and time',
        response: { 200: CloudObjectListSchema, ...errorResponses(401, 403, 409, 502) },
      },
    },
    async () => service.list(),
  );

  app.post(
    `${base}/test`,
    {
      config: { access: access.permission('admin.mythicalcloud.view') },
      schema: {
        tags,
        summary: 'Test the connection: the endpoint answers, the keys are accepted, the bucket exists',
        response: { 200: CloudTestResultSchema, ...errorResponses(401, 403, 409, 502) },
      },
    },
    async () => service.test(),
  );

  app.post(
    `${base}/upload`,
    {
      config: { access: access.permission('admin.mythicalcloud.upload') },
      schema: {
        tags,
        summary: 'Upload a completed local backup to the bucket (marked as uploaded once the bucket holds it)',
        body: CloudUploadRequestSchema,
        response: { 200: CloudUploadResultSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (req) => ({
      success: true as const,
      backup: await service.upload(req.body.backup_id, req.auth!.account.user.id),
    }),
  );

  app.post(
    `${base}/download`,
    {
      config: { access: access.permission('admin.mythicalcloud.download') },
      schema: {
        tags,
        summary: 'Download an object into a new local backup (verified first; a damaged one is refused)',
        body: CloudDownloadRequestSchema,
        response: { 200: CloudDownloadResultSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (req) => ({
      success: true as const,
      backup: await service.download(req.body.key, req.auth!.account.user.id),
    }),
  );
}
