import helmet from '@fastify/helmet';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { setCsrfCookie } from '../lib/cookies.ts';
import { randomToken, safeEqual } from '../lib/crypto.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers and CSRF protection.
 * CSRF: double-submit cookie (csrf_token, readable by the SPA, SameSite=Strict) that every
 * state-changing request must echo in the x-csrf-token header, plus Fetch Metadata: a browser
 * that says the request is cross-site is refused outright. See docs/decisions/0004-csrf.md.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // custom.js is served from our own origin, so 'self' covers it; no inline scripts.
        // Cloudflare Turnstile: its script, and the iframe the challenge runs in.
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
        frameSrc: ['https://challenges.cloudflare.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: app.ctx.config.publicUrl?.startsWith('https:') ? { maxAge: 15_552_000 } : false,
  });

  app.addHook('onRequest', async (req, reply) => {
    const cookie = req.cookies[CSRF_COOKIE];
    // A load balancer's probe is no browser: no token for it (and no random bytes made).
    if (!cookie && !req.routeOptions.config?.probe) setCsrfCookie(reply, req, randomToken(24));
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    // A provider's webhook carries no cookie: its signature, checked by the route, stands in for the token.
    if (req.routeOptions.config?.webhook) return;
    // An API key in the Authorization header is no ambient credential another site's page could make
    // the browser send (that header needs a CORS preflight, which this server never grants); such
    // a request is authenticated by the key alone (plugins/access.ts), never by the cookies.
    if (/^Bearer /i.test(req.headers.authorization ?? '')) return;
    if (req.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('CSRF_INVALID', 'Cross-site requests are not allowed');
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError('CSRF_INVALID', 'The security token is missing or stale; reload the page and try again');
    }
  });
}
