import {
  BackupListSchema,
  BackupParamsSchema,
  BackupResultSchema,
  OkSchema,
  ROOT_PERMISSION,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';

/** Database backups: list, create (in the background), download, delete. */
export async function backupsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const base = '/api/admin/backups';
  const service = () => app.ctx.backups;

  app.get(
    base,
    {
      config: { access: access.permission('admin.backups.list') },
      schema: {
        tags,
        summary: 'Every backup, newest first, with its status, progress, size and manifest',
        response: { 200: BackupListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, backups: await service().list() }),
  );

  app.post(
    base,
    {
      config: { access: access.permission('admin.backups.create') },
      schema: {
        tags,
        summary: 'Start a backup of the whole database; it runs in the background (poll its row for progress)',
        response: { 202: BackupResultSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (req, reply) => {
      const backup = await service().create(req.auth!.account.user.id, 'manual');
      if (!backup) throw new AppError('BACKUP_IN_PROGRESS', 'A backup is already being made');
      return reply.status(202).send({ success: true as const, backup });
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: access.permission('admin.backups.list') },
      schema: {
        tags,
        summary: 'One backup (to follow its progress)',
        params: BackupParamsSchema,
        response: { 200: BackupResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, backup: await service().get(req.params.id) }),
  );

  app.get(
    `${base}/:id/download`,
    {
      // The file holds every secret (write-only everywhere else) and every password hash: as much as
      // admin.root can reach, so only admin.root may take it (admin.backups.list sees the list).
      config: { access: access.permission(ROOT_PERMISSION) },
      schema: {
        tags,
        summary: 'The file of a completed backup (gzip of JSON lines ending with the manifest), as a download',
        params: BackupParamsSchema,
        produces: ['application/gzip'],
        response: {
          200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const file = await service().download(req.auth!.account.user.id, req.params.id);
      // The name is made by the server (letters, digits, dashes): safe in the header as is.
      return (
        reply
          .header('content-type', 'application/gzip')
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          // Streamed as it is read (Fastify does not serialise a stream); the schema documents the bytes.
          .send(file.stream as unknown as Buffer)
      );
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: access.permission('admin.backups.delete') },
      schema: {
        tags,
        summary: 'Delete a backup: its file and its row (not while it is being made)',
        params: BackupParamsSchema,
        response: { 200: OkSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      await service().remove(req.auth!.account.user.id, req.params.id);
      return { success: true as const };
    },
  );
}
