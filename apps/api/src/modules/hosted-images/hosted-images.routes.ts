import multipart from '@fastify/multipart';
import {
  EmbedSettingsSchema,
  EmbedSettingsUpdateSchema,
  HostedImageIdParams,
  HostedImageListQuery,
  HostedImagePageSchema,
  HostedImageResultSchema,
  ImageHostingConfigSchema,
  OkSchema,
  UploadKeyResultSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { readImageForm } from '../images/images.form.ts';
import { imageHosting } from './hosted-images.context.ts';

/** Uploads a member (or an upload key, or an address) may make a minute: several files at once, not a flood. */
export const UPLOADS_PER_MINUTE = 60;
export const uploadRateLimit = (key: (req: FastifyRequest) => string) => ({
  max: UPLOADS_PER_MINUTE,
  timeWindow: 60_000,
  allowList: () => false,
  keyGenerator: key,
});

const uploadDescription =
  'multipart/form-data: the picture under "file" (and an optional "name"). Its format is read from its bytes (PNG, JPEG, GIF or WebP as image_hosting_formats allows; never the name or the declared type), it is re-encoded without metadata (EXIF GPS included), turned upright, animations kept or refused by setting, and stored under a random name with a WebP thumbnail. Quota and coin cost are checked and charged in one transaction.';

/**
 * A member's image hosting (/images, /images/upload, /images/config): the gallery, browser uploads,
 * deletes, the embed settings and the personal ShareX upload key. Every route answers 403
 * FEATURE_DISABLED while images_enabled is off.
 */
export async function hostedImagesRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { images, account } = imageHosting(app);
  const session = { access: access.session };
  const userId = (req: FastifyRequest) => req.auth!.account.user.id;
  const tags = ['images'];
  const base = '/api/user/images';
  // After the access hook: signed-out callers get their 401 first.
  app.addHook('preHandler', async () => images.assertEnabled());

  app.get(
    base,
    {
      config: session,
      schema: {
        tags,
        summary: 'My hosted images, newest first (keyset pages: pass next_cursor back as cursor), and my usage',
        querystring: HostedImageListQuery,
        response: { 200: HostedImagePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => images.list(userId(req), req.query.per_page, req.query.cursor),
  );

  app.post(
    base,
    {
      config: { ...session, rateLimit: uploadRateLimit((req) => `images:${req.auth?.account.user.id ?? req.ip}`) },
      schema: {
        tags,
        summary: 'Upload an image',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        response: { 201: HostedImageResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      const form = await readImageForm(req, app.ctx.settings.number('image_hosting_max_bytes'));
      const data = await images.upload(userId(req), form.bytes, form.name);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Delete one of my images (its page and files go at once)',
        params: HostedImageIdParams,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await images.remove(userId(req), req.params.id);
      return { success: true as const };
    },
  );

  app.get(
    `${base}/config`,
    {
      config: session,
      schema: {
        tags,
        summary: 'My embed settings, upload key (its hint only), the ShareX endpoint and my usage',
        response: { 200: ImageHostingConfigSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => account.config(userId(req)),
  );

  app.patch(
    `${base}/embed`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Change the embed Discord and other OpenGraph readers show for my image pages',
        body: EmbedSettingsUpdateSchema,
        response: {
          200: z.object({ success: z.literal(true), data: EmbedSettingsSchema }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req) => ({ success: true as const, data: await account.updateEmbed(userId(req), req.body) }),
  );

  app.post(
    `${base}/key`,
    {
      config: session,
      schema: {
        tags,
        summary: 'A new personal upload key, shown this once, with its ShareX uploader (the old key stops at once)',
        response: { 200: UploadKeyResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ success: true as const, ...(await account.createKey(userId(req))) }),
  );

  app.delete(
    `${base}/key`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Revoke my upload key',
        response: { 200: OkSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      await account.revokeKey(userId(req));
      return { success: true as const };
    },
  );
}
