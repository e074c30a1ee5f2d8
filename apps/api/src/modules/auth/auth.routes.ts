import {
  ErrorEnvelopeSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  OkSchema,
  RecoveryCodesResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResetPasswordBodySchema,
  SESSION_COOKIE,
  SetupBodySchema,
  SetupResponseSchema,
  SetupStatusResponseSchema,
  TwoFactorAnyCodeBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupResponseSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { clearSessionCookies, deviceId, setSessionCookies } from '../../lib/cookies.ts';
import { access } from '../../plugins/access.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { startDemoPanel } from '../panel/demo-panel.service.ts';
import type { ClientInfo } from './sessions.service.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  /** TURNSTILE_UNAVAILABLE: Cloudflare's siteverify did not answer. */
  502: ErrorEnvelopeSchema,
};
const client = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, sessions, twoFactor } = app.ctx;
  const limited = { access: access.public, rateLimit: authRateLimit(app) };
  const tags = ['auth'];

  app.post(
    '/api/user/auth/register',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: RegisterBodySchema,
        response: { 201: RegisterResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await auth.register(
        req.body,
        { ...client(req), device: deviceId(req, reply) },
        { via: 'form', turnstileToken: req.body.turnstile_token },
        { previousToken: req.cookies[SESSION_COOKIE] },
      );
      setSessionCookies(reply, req, created.token);
      return reply
        .status(201)
        .send({ success: true as const, user: { uuid: created.uuid, username: created.username } });
    },
  );

  app.post(
    '/api/user/auth/login',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with username or email',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      // Turnstile is asked for after repeated failures from this address or for this login name.
      const result = await app.ctx.turnstile.guardLogin(req.ip, req.body.login, req.body.turnstile_token, () =>
        auth.login(req.body, { ...client(req), device: deviceId(req, reply) }, req.cookies[SESSION_COOKIE]),
      );
      setSessionCookies(reply, req, result.token);
      return { success: true as const, two_factor_required: result.twoFactorRequired };
    },
  );

  app.post(
    '/api/user/auth/logout',
    {
      config: { access: access.public },
      schema: { tags, summary: 'Sign out (ends the session on the server)', response: { 200: OkSchema } },
    },
    async (req, reply) => {
      const resolved = await sessions.resolve(req.cookies[SESSION_COOKIE]);
      if (resolved) await sessions.revoke(resolved.session.id);
      clearSessionCookies(reply, req);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/auth/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a reset link (same answer for unknown addresses)',
        body: ForgotPasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req, reply) => {
      // The lookup, the token and the mail happen after the reply: a registered address and an
      // unknown one get the same answer after the same work, so the timing tells nothing.
      const { email } = req.body;
      await app.ctx.turnstile.require(req.body.turnstile_token, req.ip);
      app.ctx.tasks.afterReply(reply, 'forgot-password', () => auth.forgotPassword(email));
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/auth/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ResetPasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req, reply) => {
      await auth.resetPassword(req.body.token, req.body.password);
      clearSessionCookies(reply, req);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/auth/2fa/verify',
    {
      config: { access: access.twoFactorPending, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Complete a sign-in with the two-factor code or a recovery code',
        body: TwoFactorAnyCodeBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req, reply) => {
      const token = await twoFactor.verifyLogin(req.auth!, req.body.code, client(req));
      setSessionCookies(reply, req, token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/auth/2fa/setup',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Start two-factor setup: a new secret and QR code',
        response: { 200: TwoFactorSetupResponseSchema, ...errors },
      },
    },
    async (req) => {
      const r = await twoFactor.begin(req.auth!.account.user);
      return { success: true as const, secret: r.secret, otpauth_url: r.otpauthUrl, qr_code: r.qrCode };
    },
  );

  app.post(
    '/api/user/auth/2fa/setup/confirm',
    {
      config: { access: access.session, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Finish two-factor setup with a code; answers the ten recovery codes (shown once)',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema, ...errors },
      },
    },
    async (req) => {
      const codes = await twoFactor.confirm(req.auth!.account.user, req.body.code);
      return { success: true as const, recovery_codes: codes };
    },
  );

  // The specification sends the browser here (a navigation, not a fetch), so it is a GET that redirects.
  app.get(
    '/api/auth/2fa/setup/kill',
    {
      config: { access: access.session },
      schema: { tags, summary: 'Cancel an unfinished two-factor setup, then back to /account' },
    },
    async (req, reply) => {
      if (req.headers['sec-fetch-site'] === 'cross-site')
        throw new AppError('CSRF_INVALID', 'Cross-site requests are not allowed');
      await twoFactor.cancelSetup(req.auth!.account.user);
      return reply.redirect('/account', 302);
    },
  );

  app.get(
    '/api/user/auth/setup',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Whether the first administrator still has to be created',
        response: { 200: SetupStatusResponseSchema },
      },
    },
    async () => ({ success: true as const, setup_required: await auth.setupRequired() }),
  );

  app.post(
    '/api/user/auth/setup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create the first administrator with the one-time setup token',
        body: SetupBodySchema,
        response: { 201: SetupResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { token, userId } = await auth.completeSetup(req.body, client(req));
      setSessionCookies(reply, req, token);
      if (!req.body.demo) return reply.status(201).send({ success: true as const });
      // The administrator exists whatever happens next; a failed demo import is retried from the admin pages.
      const demo = await startDemoPanel(app.ctx, { id: userId, permissions: ['admin.root'] }).then(
        () => 'ready' as const,
        (err: unknown) => {
          req.log.warn({ err }, 'setup: the demo panel could not be prepared');
          return 'failed' as const;
        },
      );
      return reply.status(201).send({ success: true as const, demo_panel: demo });
    },
  );
}
