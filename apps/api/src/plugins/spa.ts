import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
    const page = indexPage(join(root, 'index.html'), app.ctx.plugins.clientEntries());
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    if (req.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}

let template: { file: string; mtime: number; head: string; tail: string | null } | undefined;
let lastPage: { key: string; html: string; etag: string } | undefined;

/**
 * index.html with the enabled client plugins written in (`#hostdeck-plugins`, a JSON script the
 * browser does not run), so start-up installs them without asking. Rebuilt when the file or the
 * list changes; `<` is escaped so nothing in the list can end the script element.
 */
function indexPage(file: string, entries: unknown[]): { html: string; etag: string } {
  const mtime = statSync(file).mtimeMs;
  if (template?.file !== file || template.mtime !== mtime) {
    const text = readFileSync(file, 'utf8');
    // A page without a head gets nothing written in (the client then asks GET /api/plugins/client).
    const at = text.includes('</head>') ? text.indexOf('</head>') : -1;
    template = { file, mtime, head: at < 0 ? text : text.slice(0, at), tail: at < 0 ? null : text.slice(at) };
    lastPage = undefined;
  }
  const json = JSON.stringify(entries).replace(/</g, '\\u003c');
  if (lastPage?.key !== json) {
    const html =
      template.tail === null
        ? template.head
        : `${template.head}  <script type="application/json" id="hostdeck-plugins">${json}</script>\n  ${template.tail}`;
    lastPage = { key: json, html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  }
  return lastPage;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
