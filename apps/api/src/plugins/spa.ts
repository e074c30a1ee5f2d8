import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { validAdsClientCode } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { defaultWebDist } from '../lib/paths.ts';
import { access } from './access.ts';
import { adsContentSecurityPolicy } from './security.ts';

/**
 * Serves the built SPA. Hashed assets are cached for a year; every other path that is not a file
 * gets index.html (history fallback) so each client route loads on refresh. /api/* never falls back.
 * A single-segment path that names a redirect link answers 302 to its address first.
 */
export async function registerSpa(app: FastifyInstance): Promise<void> {
  const root = app.ctx.config.webDistDir ?? defaultWebDist;
  const built = existsSync(join(root, 'index.html'));
  // Worked out once; sent instead of the standard CSP on the HTML while an ads client code is set.
  const adsCsp = adsContentSecurityPolicy(app);
  const { settings } = app.ctx;
  if (built) {
    await app.register(fastifyStatic, {
      root,
      serve: false,
      // The web build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Files of the client are not rate limited: one page load fetches dozens, and many members may share an address.
  app.get('/*', { config: { access: access.public, rateLimit: false }, schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (req.url.startsWith('/api/') || req.url === '/api')
      throw new AppError('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`);
    // A redirect link (/discord, say) before the client's not-found page; names of real pages never match.
    const target = app.ctx.redirects.target(path);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client is not built yet: run `npm run build` (npm start does it for you).');
    }
    if (path && !path.includes('..') && isFile(join(root, path))) return reply.sendFile(path);
    if (/\.[a-z0-9]+$/i.test(path) && path.startsWith('assets/'))
      return reply.status(404).type('text/plain').send('Not found');
    if (validAdsClientCode(settings.string('ads_client_code'))) reply.header('content-security-policy', adsCsp);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
