import {
  IdentityProofSchema,
  OkSchema,
  PasskeyCreateBodySchema,
  PasskeyCreationOptionsResponseSchema,
  PasskeyIdParamsSchema,
  PasskeyListResponseSchema,
  PasskeyRenameBodySchema,
  PasskeyResponseSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { proveIdentity } from '../account/identity-proof.ts';
import { relyingParty } from './relying-party.ts';

/** My passkeys on /account: list, add (options, then the browser's answer), rename, remove. */
export async function passkeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const session = { access: access.session };

  app.get(
    '/api/account/passkeys',
    {
      config: session,
      schema: {
        tags,
        summary: 'My passkeys',
        response: { 200: PasskeyListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ success: true as const, passkeys: await app.ctx.passkeys.list(req.auth!.account.user.id) }),
  );

  app.post(
    '/api/account/passkeys/options',
    {
      config: { ...session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary:
          'Start adding a passkey, with the password or a two-factor code: options for navigator.credentials.create() (valid 5 minutes, once)',
        body: IdentityProofSchema,
        response: { 200: PasskeyCreationOptionsResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => {
      // A passkey signs in on its own: a session alone (perhaps a stolen one) may not add one.
      await proveIdentity(app.ctx.twoFactor, req.auth!.account.user, req.body);
      return {
        success: true as const,
        options: await app.ctx.passkeys.registrationOptions(req.auth!.account.user, relyingParty(req)),
      };
    },
  );

  app.post(
    '/api/account/passkeys',
    {
      config: { ...session, rateLimit: attemptRateLimit(app) },
      schema: {
        tags,
        summary: "Finish adding a passkey with the browser's answer",
        body: PasskeyCreateBodySchema,
        response: { 201: PasskeyResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req, reply) => {
      const passkey = await app.ctx.passkeys.register(req.auth!.account.user, relyingParty(req), req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return reply.status(201).send({ success: true as const, passkey });
    },
  );

  app.patch(
    '/api/account/passkeys/:id',
    {
      config: session,
      schema: {
        tags,
        summary: 'Rename one of my passkeys',
        params: PasskeyIdParamsSchema,
        body: PasskeyRenameBodySchema,
        response: { 200: PasskeyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      passkey: await app.ctx.passkeys.rename(req.auth!.account.user.id, req.params.id, req.body.name),
    }),
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      config: session,
      schema: {
        tags,
        summary: 'Remove one of my passkeys (not the last way to sign in)',
        params: PasskeyIdParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await app.ctx.passkeys.remove(req.auth!.account.user.id, req.params.id);
      return { success: true as const };
    },
  );
}
