import type { FastifyInstance } from 'fastify';
import { ImageHostingAccount } from './hosted-images.account.ts';
import { HostedImagesService } from './hosted-images.service.ts';
import { ImageUrls } from './hosted-images.urls.ts';

/** The image hosting services of one app (stateless: each routes plugin builds its own). */
export function imageHosting(app: FastifyInstance) {
  const { db, media, settings, publicUrl } = app.ctx;
  const urls = new ImageUrls(settings, publicUrl);
  const images = new HostedImagesService(db, media, settings, urls, app.log);
  return { urls, images, account: new ImageHostingAccount(db, settings, images) };
}
