import {
  OkSchema,
  PasskeyRequestOptionsResponseSchema,
  PasskeySignInBodySchema,
  SESSION_COOKIE,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceId, setSessionCookies } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import type { ClientInfo } from '../auth/sessions.service.ts';
import type { PasskeyChallenge } from './passkey-sign-in.service.ts';
import { relyingParty } from './relying-party.ts';

const client = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const errors = errorResponses(400, 401, 403, 409, 429);

/** Signing in with a passkey from the login page, and a passkey as the second factor. */
export async function passkeyAuthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const options = (r: PasskeyChallenge) => ({
    success: true as const,
    challenge_id: r.challengeId,
    options: r.options,
  });

  app.post(
    '/api/user/auth/passkey/options',
    {
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Start a passkey sign-in: options for navigator.credentials.get() (valid 5 minutes, once)',
        response: { 200: PasskeyRequestOptionsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await app.ctx.passkeySignIn.signInOptions(relyingParty(req));
      return options(r);
    },
  );

  app.post(
    '/api/user/auth/passkey',
    {
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Sign in with a passkey (no second step: the passkey verified the member)',
        body: PasskeySignInBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req, reply) => {
      const token = await app.ctx.passkeySignIn.signIn(
        relyingParty(req),
        req.body,
        { ...client(req), device: deviceId(req, reply) },
        req.cookies[SESSION_COOKIE],
      );
      setSessionCookies(reply, req, token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/auth/2fa/passkey/options',
    {
      config: { access: access.twoFactorPending, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Second factor with a passkey: options offering my passkeys',
        response: { 200: PasskeyRequestOptionsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await app.ctx.passkeySignIn.secondFactorOptions(req.auth!, relyingParty(req));
      return options(r);
    },
  );

  app.post(
    '/api/user/auth/2fa/passkey',
    {
      config: { access: access.twoFactorPending, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Complete a sign-in with a passkey instead of the two-factor code',
        body: PasskeySignInBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req, reply) => {
      const token = await app.ctx.passkeySignIn.completeSecondFactor(
        req.auth!,
        relyingParty(req),
        req.body,
        client(req),
      );
      setSessionCookies(reply, req, token);
      return { success: true as const };
    },
  );
}
