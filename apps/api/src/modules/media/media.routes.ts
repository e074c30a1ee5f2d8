import {
  MEDIA_MAX_BYTES,
  MediaUploadResultSchema,
  mediaAcceptedTypes,
  mediaKinds,
  OkSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { MediaService } from './media.service.ts';

const what = { avatar: 'avatar', background: 'profile background', skin: 'Minecraft skin' } as const;
const shape = {
  avatar: 'Stored as a 256×256 WebP (cropped to fill).',
  background: 'Stored as a WebP at most 1920 pixels wide.',
  skin: 'Must be a PNG of 64×64 or 64×32 pixels; stored as a PNG with its transparency.',
} as const;

/**
 * Members' pictures: upload and remove their avatar, profile background and skin (the raw image as
 * the body), and the public route that serves stored files. Body parsers here accept images only.
 */
export async function mediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, media: storage, sessions } = app.ctx;
  const media = new MediaService(db, storage, sessions);
  const tags = ['members'];

  // Scoped to this plugin: the raw bytes of the accepted image types, nothing else.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...mediaAcceptedTypes],
    { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', (_req, _payload, done) =>
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the picture as ${mediaAcceptedTypes.join(', ')}`), undefined),
  );

  for (const kind of mediaKinds) {
    const url = `/api/account/${kind}`;
    app.put(
      url,
      {
        config: { access: access.session, rateLimit: attemptRateLimit(app) },
        bodyLimit: MEDIA_MAX_BYTES,
        schema: {
          tags,
          summary: `Upload my ${what[kind]}`,
          description: `The raw image as the body (${mediaAcceptedTypes.join(', ')}; at most 5 MiB). The content is decoded and re-encoded without its metadata; its declared type is not trusted. ${shape[kind]}`,
          response: { 200: MediaUploadResultSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a picture');
        const result = await media.upload(req.auth!.account.user.id, kind, req.body);
        return { success: true as const, url: result };
      },
    );
    app.delete(
      url,
      {
        config: { access: access.session, rateLimit: attemptRateLimit(app) },
        schema: {
          tags,
          summary: `Remove my ${what[kind]}`,
          response: { 200: OkSchema, ...errorResponses(401, 403, 429) },
        },
      },
      async (req) => {
        await media.remove(req.auth!.account.user.id, kind);
        return { success: true as const };
      },
    );
  }

  app.get(
    '/api/media/*',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          'A stored picture (avatar, background, skin or library image), cached for a year: its address never changes',
        params: z.object({ '*': z.string() }),
        produces: ['image/webp', 'image/png', 'image/jpeg', 'image/gif'],
        response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }), ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const file = await media.read(req.params['*']);
      if (!file) throw new AppError('NOT_FOUND', 'There is no such file');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
