import {
  type ErrorCode,
  OkSchema,
  SESSION_COOKIE,
  SignInMethodsSchema,
  SsoCallbackQuerySchema,
  SsoProviderParamsSchema,
  SsoStartQuerySchema,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { deviceId, isSecure, setSessionCookies } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { signInMethodCounts } from '../auth/sign-in-methods.ts';
import { listIdentities, unlinkIdentity } from './identities.ts';
import type { SsoMode } from './sso.service.ts';

/** The round trip's state, kept by the browser that started it (a callback from another browser fails). */
const STATE_COOKIE = 'hd_sso_state';
const STATE_COOKIE_PATH = '/api/auth/sso';
const redirect = z.null().describe('To the provider, or back to the panel with the outcome');

/** Where a failed round trip lands: the sign-in page, or the account's providers for a link. */
function failurePage(mode: SsoMode, code: ErrorCode): string {
  return mode === 'link' ? `/account?sso_error=${code}#sign-in-providers` : `/auth/sso?error=${code}`;
}

function clearState(reply: FastifyReply, req: FastifyRequest): void {
  reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure(req) });
}

/** Single sign-on with Discord and GitHub, and the account's linked sign-in providers. */
export async function ssoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sso, sessions } = app.ctx;
  const tags = ['auth'];
  const limited = { access: access.public, rateLimit: authRateLimit(app) };

  app.get(
    '/api/auth/sso/:provider/start',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Start signing in (or, signed in, linking) with a provider: to its consent page',
        params: SsoProviderParamsSchema,
        querystring: SsoStartQuerySchema,
        response: { 302: redirect, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const { mode } = req.query;
      try {
        let userId: string | null = null;
        if (mode === 'link') {
          // A navigation with an effect for the signed-in member: never from another site.
          if (req.headers['sec-fetch-site'] === 'cross-site')
            throw new AppError('CSRF_INVALID', 'Cross-site requests are not allowed');
          const resolved = await sessions.resolve(req.cookies[SESSION_COOKIE]);
          if (!resolved || resolved.session.twoFactorPending) return reply.redirect('/auth/login', 302);
          userId = resolved.account.user.id;
        }
        const { url, state } = await sso.start(req.params.provider, mode, userId, {
          turnstileToken: req.query.turnstile_token,
          ip: req.ip,
        });
        reply.setCookie(STATE_COOKIE, state, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level navigation from its site.
          sameSite: 'lax',
          secure: isSecure(req),
          maxAge: 600,
        });
        return reply.redirect(url, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.redirect(failurePage(mode, err.code), 302);
      }
    },
  );

  app.get(
    '/api/auth/sso/:provider/callback',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Where the provider sends the browser back: signs in, signs up or links, then back to the panel',
        params: SsoProviderParamsSchema,
        querystring: SsoCallbackQuerySchema,
        response: { 302: redirect, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const mode = await sso.modeOf(req.query.state);
      const browserState = req.cookies[STATE_COOKIE];
      clearState(reply, req);
      try {
        const current = await sessions.resolve(req.cookies[SESSION_COOKIE]);
        const outcome = await sso.complete(req.params.provider, req.query, {
          browserState,
          signedInUserId: current && !current.session.twoFactorPending ? current.account.user.id : undefined,
          client: { ip: req.ip, userAgent: req.headers['user-agent'], device: deviceId(req, reply) },
          previousToken: req.cookies[SESSION_COOKIE],
        });
        if (outcome.kind === 'linked') return reply.redirect('/account?sso=linked#sign-in-providers', 302);
        setSessionCookies(reply, req, outcome.token);
        return reply.redirect(outcome.twoFactorPending ? '/auth/2fa/verify' : '/dashboard', 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.info({ code: err.code, reason: err.message }, 'single sign-on refused');
        return reply.redirect(failurePage(mode, err.code), 302);
      }
    },
  );

  app.get(
    '/api/account/sign-in-methods',
    {
      config: { access: access.session },
      schema: {
        tags: ['account'],
        summary: 'Every way I can sign in: password, passkeys, linked providers (and the providers offered)',
        response: { 200: SignInMethodsSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const userId = req.auth!.account.user.id;
      const [counts, identities] = await Promise.all([
        signInMethodCounts(app.ctx.db, userId),
        listIdentities(app.ctx.db, userId),
      ]);
      return {
        success: true as const,
        password: counts.password,
        passkeys: counts.passkeys,
        identities,
        available: sso.available(),
      };
    },
  );

  app.delete(
    '/api/account/identities/:provider',
    {
      config: { access: access.session },
      schema: {
        tags: ['account'],
        summary: 'Unlink a sign-in provider (refused when it is the last way to sign in)',
        params: SsoProviderParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await unlinkIdentity(app.ctx.db, req.auth!.account.user.id, req.params.provider);
      return { success: true as const };
    },
  );
}
