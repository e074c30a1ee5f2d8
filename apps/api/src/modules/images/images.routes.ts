import multipart from '@fastify/multipart';
import {
  ImageDeleteQuery,
  ImageInUseSchema,
  ImageUploadResultSchema,
  ImageUsageResultSchema,
  IntIdParamsSchema,
  LibraryImageCreateSchema,
  libraryImagesResource,
  OkSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { formValidator } from '../tickets/tickets.attachments.ts';
import { readImageForm } from './images.form.ts';
import { ImageInUseError, ImagesService } from './images.service.ts';

/**
 * The admin image library: the generated list / get / rename routes, the upload (multipart/form-data,
 * parsed here only), where an image is used, and the delete that needs confirming while it is used.
 * Stored files are served by GET /api/media/library/<key> (modules/media).
 */
export async function imagesRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, media, settings } = app.ctx;
  const service = new ImagesService(db, media);
  const { list, get, update } = service.crud;
  crudRoutes(app, {
    contract: { ...libraryImagesResource, create: null },
    service: { list: list.bind(service.crud), get: get.bind(service.crud), update: update?.bind(service.crud) },
    params: IntIdParamsSchema,
  });
  const base = '/api/admin/images';
  const tags = [libraryImagesResource.name];

  app.post(
    base,
    {
      config: { access: access.permission('admin.images.create') },
      validatorCompiler: formValidator as never,
      schema: {
        tags,
        summary: 'Upload an image to the library',
        description:
          'multipart/form-data: the file under "file" (PNG, JPEG, GIF or WebP, checked from its content; at most images_max_bytes), and optional name and alt. The picture is re-encoded without its metadata, turned upright, animations kept, and stored under a random name.',
        consumes: ['multipart/form-data'],
        body: LibraryImageCreateSchema.optional(),
        response: { 201: ImageUploadResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (req, reply) => {
      const form = await readImageForm(req, settings.number('images_max_bytes'));
      const data = await service.upload(actorOf(req), form.bytes, { name: form.name, alt: form.alt });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    `${base}/:id/usage`,
    {
      config: { access: access.permission('admin.images.list') },
      schema: {
        tags,
        summary: 'Where an image is shown: locations, egg categories, eggs, announcements, J4R servers',
        params: IntIdParamsSchema,
        response: { 200: ImageUsageResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, data: await service.usage(req.params.id) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: access.permission('admin.images.delete') },
      schema: {
        tags,
        summary: 'Delete an image (?confirm=true also removes it from the records that show it)',
        params: IntIdParamsSchema,
        querystring: ImageDeleteQuery,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404), 409: ImageInUseSchema },
      },
    },
    async (req, reply) => {
      try {
        await service.remove(actorOf(req), req.params.id, req.query.confirm === 'true');
      } catch (err) {
        if (!(err instanceof ImageInUseError)) throw err;
        return reply.status(409).send({
          success: false as const,
          error_code: 'IMAGE_IN_USE' as const,
          message: err.message,
          usage: err.usage,
        });
      }
      return { success: true as const };
    },
  );
}
