import {
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  LoginResponseSchema,
  OkSchema,
  SESSION_COOKIE,
  SignInLinkBodySchema,
  SignInLinkCreateSchema,
  SignInLinkResultSchema,
  SignInLinkUserParamsSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { deviceId, setSessionCookies } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';

/** Admin API keys for integrations, and the one-time sign-in links a key (or staff) may mint. */
export async function apiKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { apiKeys, signInLinks } = app.ctx;
  const tags = ['api-keys'];

  app.get(
    '/api/admin/api-keys',
    {
      config: { access: access.permission('admin.apikeys.list') },
      schema: {
        tags,
        summary: 'Every API key (never the key itself)',
        response: { 200: ApiKeyListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await apiKeys.list() }),
  );

  app.post(
    '/api/admin/api-keys',
    {
      config: { access: access.permission('admin.apikeys.create') },
      schema: {
        tags,
        summary: 'Create an API key with some of my permissions; the key is shown in this answer only',
        body: ApiKeyCreateSchema,
        response: { 201: ApiKeyCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      // A key made by a key would outlive the revocation of the one that made it: keys are made by a
      // signed-in person only, and revoking one ends everything it could do.
      if (req.auth!.session.method === 'api_key')
        throw new AppError('FORBIDDEN', 'API keys are made by a signed-in person, not by another key');
      const created = await apiKeys.create(actorOf(req), req.body);
      return reply.status(201).send({ success: true as const, key: created.key, secret: created.secret });
    },
  );

  app.delete(
    '/api/admin/api-keys/:id',
    {
      config: { access: access.permission('admin.apikeys.delete') },
      schema: {
        tags,
        summary: 'Revoke an API key (it stops working at once)',
        params: ApiKeyParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await apiKeys.revoke(actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/sign-in-link',
    {
      config: { access: access.permission('admin.users.signin_links') },
      schema: {
        tags,
        summary: 'Mint a one-time sign-in link for a member (valid for minutes, single use, audit-logged)',
        params: SignInLinkUserParamsSchema,
        body: SignInLinkCreateSchema,
        response: { 201: SignInLinkResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const apiKeyId = req.auth?.session.method === 'api_key' ? req.auth.session.id : null;
      const link = await signInLinks.mint(actorOf(req), req.params.id, req.body.minutes, apiKeyId);
      return reply.status(201).send({ success: true as const, ...link });
    },
  );

  app.post(
    '/api/user/auth/link',
    {
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a one-time sign-in link',
        body: SignInLinkBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (req, reply) => {
      const result = await signInLinks.redeem(
        req.body.token,
        { ip: req.ip, userAgent: req.headers['user-agent'], device: deviceId(req, reply) },
        req.cookies[SESSION_COOKIE],
      );
      setSessionCookies(reply, req, result.token);
      return { success: true as const, two_factor_required: result.twoFactorRequired };
    },
  );
}
