import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
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
  const headers = securityHeaders(isHttps(app));
  // One hook, not async: it runs on every request and never waits (no promise per request).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    done(csrfCheck(req, reply));
  });
}

/** Mints the CSRF cookie when missing; on an unsafe API call, the error that refuses it. */
function csrfCheck(req: FastifyRequest, reply: FastifyReply): AppError | undefined {
  const cookie = req.cookies[CSRF_COOKIE];
  // A load balancer's probe is no browser: no token for it (and no random bytes made).
  if (!cookie && !req.routeOptions.config?.probe) setCsrfCookie(reply, req, randomToken(24));
  // An API key in the Authorization header is no ambient credential another site's page could make
  // the browser send (that header needs a CORS preflight, which this server never grants). Such a
  // request is the key's alone: its cookies are dropped here, so no route (sign-out, the session
  // call) acts on a browser session the request did not prove with the CSRF token.
  if (/^Bearer /i.test(req.headers.authorization ?? '')) {
    req.cookies = {};
    return undefined;
  }
  if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return undefined;
  // A provider's webhook carries no cookie: its signature, checked by the route, stands in for the token.
  if (req.routeOptions.config?.webhook) return undefined;
  // An upload key in its own header (ShareX) is no ambient credential either: the route reads no cookie.
  if (req.routeOptions.config?.uploadKey) return undefined;
  // A beacon cannot send the header: only a same-origin request is accepted (decision 0029).
  if (req.routeOptions.config?.beacon)
    return sameOrigin(req) ? undefined : new AppError('CSRF_INVALID', 'Cross-site requests are not allowed');
  if (req.headers['sec-fetch-site'] === 'cross-site')
    return new AppError('CSRF_INVALID', 'Cross-site requests are not allowed');
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header))
    return new AppError('CSRF_INVALID', 'The security token is missing or stale; reload the page and try again');
  return undefined;
}

/**
 * Fetch Metadata first (every current browser sends it); without it, the Origin header (sent with
 * every cross-origin POST) must name this host. A request with neither comes from no browser, so it
 * is no forgery through a visitor's browser.
 */
function sameOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

const isHttps = (app: FastifyInstance) => app.ctx.config.publicUrl?.startsWith('https:') ?? false;

/**
 * The hosts AdSense's page-level ads load scripts, frames and requests from. Google documents only
 * a strict (nonce) CSP as supported for its ad tags; this allow-list is the one AdSense's CSP notes
 * and common practice name, and may need a host added when Google changes its serving (decision 0029).
 */
const adHosts = [
  'https://pagead2.googlesyndication.com',
  'https://googleads.g.doubleclick.net',
  'https://tpc.googlesyndication.com',
  'https://adservice.google.com',
  'https://www.google.com',
  'https://*.adtrafficquality.google',
];

/** The SPA's CSP while an advertising client code is set (plugins/spa.ts sends it on HTML responses only). */
export function adsContentSecurityPolicy(app: FastifyInstance): string {
  return securityHeaders(isHttps(app), true)['content-security-policy']!;
}

/**
 * Helmet's headers, worked out once: they are the same for every response, and helmet parses its
 * CSP directives each time it runs (a tenth of a request's CPU when run per request). Helmet writes
 * them onto a stand-in response here; each request then copies the finished set (names in lower
 * case, as Fastify stores them).
 */
export function securityHeaders(https: boolean, ads = false): Record<string, string> {
  const extra = ads ? adHosts : [];
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // custom.js is served from our own origin, so 'self' covers it; no inline scripts.
        // Cloudflare Turnstile: its script, and the iframe the challenge runs in.
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com', ...extra],
        frameSrc: ['https://challenges.cloudflare.com', ...extra],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A panel on plain http (a LAN, a test box) may take images from another http origin
        // (image_hosting_origin); an https panel may not (mixed content, refused at save).
        imgSrc: ["'self'", 'data:', 'https:', ...(https ? [] : ['http:']), ...extra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 15_552_000 } : false,
  })({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
