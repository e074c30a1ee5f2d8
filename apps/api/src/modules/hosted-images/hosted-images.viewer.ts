import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostedImages, imageHostingSettings, users } from '../../db/schema/index.ts';
import { contentDisposition } from '../tickets/tickets.attachments.ts';
import { defaults, presentEmbed } from './hosted-images.account.ts';
import type { imageHosting } from './hosted-images.context.ts';
import { pageCsp, renderImagePage, renderNotFoundPage } from './hosted-images.page.ts';
import { pageLanguage } from './hosted-images.page-text.ts';
import { ViewCounter } from './hosted-images.views.ts';

/** The bytes never run as anything: no scripts, no plugins, no same-origin rights even when opened directly. */
const FILE_CSP = "default-src 'none'; sandbox";
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether If-None-Match names this ETag (a list, weak or not, or "*"). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Answers /i/…: the page with its embed tags and viewer (a view counted), the file and the thumbnail
 * (their real type, nosniff, a sandboxing CSP, an ETag and a year of caching: an id's bytes never
 * change), and a not-found page for unknown or removed ids.
 */
export class ImageViewer {
  readonly views: ViewCounter;

  constructor(
    private readonly app: FastifyInstance,
    private readonly hosting: ReturnType<typeof imageHosting>,
  ) {
    this.views = new ViewCounter(app.ctx.db, app.log);
  }

  async page(req: FastifyRequest, reply: FastifyReply, id: string) {
    // Hosting switched off takes its pages and files offline too (the setting says so).
    if (!this.hosting.images.enabled()) return this.notFound(req, reply);
    const [found] = await this.app.ctx.db
      .select({ image: hostedImages, username: users.username, embed: imageHostingSettings })
      .from(hostedImages)
      .leftJoin(users, eq(users.id, hostedImages.userId))
      .leftJoin(imageHostingSettings, eq(imageHostingSettings.userId, hostedImages.userId))
      .where(eq(hostedImages.id, id));
    if (!found) return this.notFound(req, reply);
    this.views.count(id);
    const { image } = found;
    const { settings, turnstile } = this.app.ctx;
    const nonce = randomBytes(16).toString('base64');
    const { lang, text } = pageLanguage(req.headers['accept-language']);
    const embed = presentEmbed(found.embed ?? defaults(image.userId ?? ''));
    const siteKey = turnstile.active ? settings.string('turnstile_site_key') : null;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', pageCsp(nonce, siteKey !== null))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(
        renderImagePage({
          image,
          username: found.username ?? '',
          embed,
          pageUrl: this.hosting.urls.page(id),
          directUrl: this.hosting.urls.direct(image),
          lang,
          text,
          nonce,
          turnstileSiteKey: siteKey,
        }),
      );
  }

  async file(req: FastifyRequest, reply: FastifyReply, id: string, kind: 'file' | 'thumb', extension?: string) {
    if (!this.hosting.images.enabled()) return this.notFound(req, reply);
    const image = await this.hosting.images.find(id);
    if (!image || (extension && extension !== image.extension)) return this.notFound(req, reply);
    const etag = `"${image.id}${kind === 'thumb' ? '-t' : ''}"`;
    reply
      .header('etag', etag)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      // Other sites may show the picture (forums, chats): the panel's same-origin default would stop them.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    const stored = await this.app.ctx.media.get(kind === 'thumb' ? image.thumbKey : image.storageKey);
    if (!stored) return this.notFound(req, reply);
    const name = kind === 'thumb' ? `${image.name}-thumb.webp` : `${image.name}.${image.extension}`;
    return reply
      .header('content-type', stored.contentType)
      .header('content-disposition', contentDisposition('inline', name))
      .send(stored.bytes);
  }

  notFound(req: FastifyRequest, reply: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    const { lang, text } = pageLanguage(req.headers['accept-language']);
    return reply
      .status(404)
      .removeHeader('etag')
      .header('cache-control', 'no-cache')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', pageCsp(nonce, false))
      .send(renderNotFoundPage(lang, text, nonce));
  }
}
