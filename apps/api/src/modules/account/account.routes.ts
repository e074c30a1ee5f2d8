import {
  BillingResponseSchema,
  BillingUpdateSchema,
  DeleteAccountSchema,
  EmailChangeResponseSchema,
  EmailChangeSchema,
  EmailConfirmResponseSchema,
  EmailConfirmSchema,
  LocaleUpdateSchema,
  OkSchema,
  PasswordChangeSchema,
  ProfileUpdateResponseSchema,
  ProfileUpdateSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookies } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit, authRateLimit } from '../../plugins/rate-limit.ts';
import { AccountService } from './account.service.ts';
import { AccountDeletionService } from './account-deletion.service.ts';
import { EmailChangeService } from './email-change.service.ts';

/** The member's own account (/account): profile, email, password, billing, language, deletion. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, settings, sessions, publicUrl, twoFactor, tasks, accountDeletion } = app.ctx;
  const account = new AccountService(db, settings, sessions, publicUrl);
  const emails = new EmailChangeService(db, settings, sessions, publicUrl);
  const deletion = new AccountDeletionService(db, settings, sessions, twoFactor);
  const tags = ['account'];
  const member = { access: access.session };
  const attempts = { ...member, rateLimit: attemptRateLimit(app) };

  app.patch(
    '/api/account/profile',
    {
      config: member,
      schema: {
        tags,
        summary: 'Change my names and whether other members see my profile',
        body: ProfileUpdateSchema,
        response: { 200: ProfileUpdateResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await account.updateProfile(req.auth!.account.user.id, req.body),
    }),
  );

  app.post(
    '/api/account/email',
    {
      config: attempts,
      schema: {
        tags,
        summary: 'Ask to change my email address: a confirmation link goes to the new address',
        body: EmailChangeSchema,
        response: { 200: EmailChangeResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req) => {
      await emails.request(req.auth!.account.user, req.body);
      return { success: true as const, email: req.body.email };
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      // The link may be opened in another browser: the single-use token is the proof.
      config: { access: access.public, rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary: 'Confirm a new email address with the token from the mailed link (single use)',
        body: EmailConfirmSchema,
        response: { 200: EmailConfirmResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (req) => {
      const { email } = await emails.confirm(req.body.token);
      return { success: true as const, email };
    },
  );

  app.post(
    '/api/account/password/link',
    {
      config: attempts,
      schema: {
        tags,
        summary: 'Mail me a link to set a new password (an account made through a provider has none yet)',
        response: { 200: OkSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (req) => {
      // The reset mail of "forgot your password?", to the member's own address: a signed-in member
      // cannot use the sign-in pages, and an account made through Discord or GitHub needs a password
      // to confirm an e-mail change or its deletion.
      await app.ctx.auth.forgotPassword(req.auth!.account.user.email);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/password',
    {
      config: attempts,
      schema: {
        tags,
        summary: 'Change my password (the current one is required); my other sessions end',
        body: PasswordChangeSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const { session, account: current } = req.auth!;
      await account.changePassword(current.user, session.id, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return { success: true as const };
    },
  );

  app.put(
    '/api/account/billing',
    {
      config: member,
      schema: {
        tags,
        summary: 'Set my billing details (shown on receipts and in the session call)',
        body: BillingUpdateSchema,
        response: { 200: BillingResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      billing: await account.updateBilling(req.auth!.account.user.id, req.body),
    }),
  );

  app.put(
    '/api/account/locale',
    {
      config: member,
      schema: {
        tags,
        summary: 'Set my language (the one mails are written in)',
        body: LocaleUpdateSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      await account.updateLocale(req.auth!.account.user.id, req.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/delete',
    {
      config: attempts,
      schema: {
        tags,
        summary: 'Delete my account: my servers are removed on the panel, then my details are erased',
        body: DeleteAccountSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (req, reply) => {
      await deletion.request(req.auth!.account, req.body);
      clearSessionCookies(reply, req);
      // Started at once rather than on the worker's next tick.
      tasks.afterReply(reply, 'account-deletion', async () => void (await accountDeletion.runOnce()));
      return { success: true as const };
    },
  );
}
