import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '@hostdeck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Secure whenever the browser reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecure(req: FastifyRequest): boolean {
  return req.protocol === 'https' || (req.server.ctx.config.publicUrl?.startsWith('https:') ?? false);
}

export function setSessionCookies(reply: FastifyReply, req: FastifyRequest, token: string): void {
  const maxAge = req.server.ctx.settings.number('session_absolute_hours') * 3600;
  const base = { path: '/', sameSite: 'lax' as const, secure: isSecure(req), maxAge };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  // Readable by the client: "a session exists". Carries nothing secret.
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, req: FastifyRequest): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: isSecure(req) };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, base);
}

/**
 * The CSRF cookie (readable by the client, SameSite=Strict), written as a ready header: it is minted
 * on every request that comes without one, and @fastify/cookie's serialise-and-validate cost more
 * than the token. `token` must be URL-safe (randomToken's base64url). The cookie plugin adds the
 * cookies set through it to this header.
 */
export function setCsrfCookie(reply: FastifyReply, req: FastifyRequest, token: string): void {
  reply.header('set-cookie', `${CSRF_COOKIE}=${token}; Path=/${isSecure(req) ? '; Secure' : ''}; SameSite=Strict`);
}

const DEVICE_COOKIE = 'hd_device';

/**
 * The browser's long-lived device id (HttpOnly, random), set when missing. Only its hash is stored,
 * to tell whether two accounts signed up from one browser (no referral pays across one device).
 */
export function deviceId(req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[DEVICE_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{22,64}$/.test(existing)) return existing;
  const id = randomBytes(18).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    sameSite: 'lax',
    secure: isSecure(req),
    httpOnly: true,
    maxAge: 400 * 86_400,
  });
  return id;
}
