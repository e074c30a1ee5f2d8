import { createHmac } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  HostedImageIdParams,
  ImageReportCreateSchema,
  SESSION_COOKIE,
  ShareXUploadResultSchema,
  UPLOAD_KEY_HEADER,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveAppKey } from '../../lib/app-key.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { readImageForm } from '../images/images.form.ts';
import { imageHosting } from './hosted-images.context.ts';
import { uploadRateLimit } from './hosted-images.routes.ts';
import { ImageViewer } from './hosted-images.viewer.ts';
import { fileReport } from './image-reports.repo.ts';

const binary = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * What anyone reaches: the ShareX upload (authenticated by the upload key header alone), the image
 * pages and files under /i/ (registered routes, so they win over the SPA fallback), and the report form.
 */
export async function hostedImagesPublicRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hosting = imageHosting(app);
  const { images, account, urls } = hosting;
  const viewer = new ImageViewer(app, hosting);
  const appKey = resolveAppKey(app.ctx.config);
  const ipHash = (ip: string) => createHmac('sha256', appKey).update(`image-report:${ip}`).digest('hex');
  app.addHook('onClose', () => viewer.views.flush());

  app.post(
    '/api/images/sharex',
    {
      config: { access: access.public, uploadKey: true, rateLimit: uploadRateLimit((req) => `sharex:${req.ip}`) },
      schema: {
        tags: ['images'],
        summary: 'ShareX upload: the personal key in the x-upload-key header, the picture as multipart "file"',
        description:
          'No cookie and no CSRF token: the upload key authenticates alone. A wrong or replaced key, or one of a banned or deleted account, answers 401 UPLOAD_KEY_INVALID. ShareX reads url, thumbnail_url and deletion_url from the answer, and message on errors.',
        headers: z.object({ [UPLOAD_KEY_HEADER]: z.string().max(200).optional() }),
        consumes: ['multipart/form-data'],
        response: { 201: ShareXUploadResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      images.assertEnabled();
      const userId = await account.resolveKey(req.headers[UPLOAD_KEY_HEADER] as string | undefined);
      const form = await readImageForm(req, app.ctx.settings.number('image_hosting_max_bytes'));
      const data = await images.upload(userId, form.bytes, form.name);
      return reply.status(201).send({
        success: true as const,
        url: data.page_url,
        direct_url: data.direct_url,
        thumbnail_url: data.thumbnail_url,
        deletion_url: urls.deletion(data.id),
        data,
      });
    },
  );

  // Files are served like static ones: one page embeds many, and many viewers may share an address.
  const file = { access: access.public, rateLimit: false } as const;
  app.get(
    '/i/:name',
    {
      config: file,
      schema: {
        tags: ['images'],
        summary: 'An image page (/i/<id>: embed tags, viewer, report form) or its bytes (/i/<id>.<ext>)',
        params: z.object({ name: z.string().max(40) }),
        produces: ['text/html', ...imageTypes],
        response: { 200: z.union([z.string(), binary]), 304: z.null(), 404: z.string() },
      },
    },
    async (req, reply) => {
      const match = /^([A-Za-z0-9_-]{12})(?:\.(png|jpg|gif|webp))?$/.exec(req.params.name);
      if (!match) return viewer.notFound(req, reply);
      const [, id, extension] = match;
      return extension ? viewer.file(req, reply, id!, 'file', extension) : viewer.page(req, reply, id!);
    },
  );
  for (const kind of ['raw', 'thumb'] as const)
    app.get(
      `/i/:id/${kind}`,
      {
        config: file,
        schema: {
          tags: ['images'],
          summary: kind === 'raw' ? 'The image’s bytes' : 'The image’s WebP thumbnail (at most 320 pixels)',
          params: HostedImageIdParams,
          produces: kind === 'raw' ? imageTypes : ['image/webp'],
          response: { 200: binary, 304: z.null(), 404: z.string() },
        },
      },
      (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
        viewer.file(req, reply, req.params.id, kind === 'raw' ? 'file' : 'thumb'),
    );

  app.post(
    '/api/images/:id/report',
    {
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags: ['images'],
        summary: 'Report an image (Turnstile when configured; one pending report per reporter and image)',
        params: HostedImageIdParams,
        body: ImageReportCreateSchema,
        response: { 201: z.object({ success: z.literal(true) }), ...errorResponses(400, 403, 404, 409, 429, 502) },
      },
    },
    async (req, reply) => {
      images.assertEnabled();
      await app.ctx.turnstile.require(req.body.turnstile_token, req.ip);
      // A signed-in member reports as themselves; anyone else by their (hashed) address.
      const token = req.cookies[SESSION_COOKIE];
      const session = token ? await app.ctx.sessions.resolve(token) : null;
      const reporter = session && !session.session.twoFactorPending ? session.account.user.id : null;
      await fileReport(app.ctx.db, req.params.id, req.body, reporter, ipHash(req.ip));
      return reply.status(201).send({ success: true as const });
    },
  );
}
