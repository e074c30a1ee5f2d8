import {
  MailOutboxDetailSchema,
  MailOutboxItemSchema,
  MailOutboxPageSchema,
  MailOutboxQuerySchema,
  MailTemplateKeyParamsSchema,
  MailTemplateListSchema,
  MailTemplateSchema,
  MailTemplateUpdateSchema,
  MailTestSchema,
  OkSchema,
  UuidParamsSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageEnvelope } from '../../lib/paging.ts';
import { access } from '../../plugins/access.ts';
import { MailOutboxAdmin } from './mail-outbox.service.ts';
import { MailTemplatesService } from './mail-templates.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const one = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: item });

/**
 * Mail in the admin area. Templates are a fixed set (no create); "delete" resets one to its default.
 * The outbox is read with the templates' list permission; a retry is an edit.
 */
export async function mailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, settings, mail } = app.ctx;
  const templates = new MailTemplatesService(db);
  const outbox = new MailOutboxAdmin(db, settings, mail.mailer);
  const perm = (verb: string) => access.permission(`admin.mail.templates.${verb}`);
  const tags = ['mail-templates'];
  const base = '/api/admin/mail-templates';

  app.get(
    base,
    {
      config: { access: perm('list') },
      schema: {
        tags,
        summary: 'The mail templates, each edited or at its default',
        response: { 200: MailTemplateListSchema, ...errors },
      },
    },
    async () => ({ success: true as const, data: await templates.list() }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: perm('list') },
      schema: {
        tags,
        summary: 'One template: current and default text, and the variables it may use',
        params: MailTemplateKeyParamsSchema,
        response: { 200: one(MailTemplateSchema), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await templates.get(req.params.id) }),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: perm('edit') },
      schema: {
        tags,
        summary: 'Save a template (send the updated_at you loaded; the default text back removes the override)',
        params: MailTemplateKeyParamsSchema,
        body: MailTemplateUpdateSchema,
        response: { 200: one(MailTemplateSchema), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await templates.update(actorOf(req), req.params.id, req.body),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: perm('delete') },
      schema: {
        tags,
        summary: 'Reset a template to its default (deletes the override)',
        params: MailTemplateKeyParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await templates.reset(actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  const outboxTags = ['mail-outbox'];
  app.get(
    '/api/admin/mail/outbox',
    {
      config: { access: perm('list') },
      schema: {
        tags: outboxTags,
        summary: 'Outgoing mails, newest first (held while SMTP is not configured)',
        querystring: MailOutboxQuerySchema,
        response: { 200: MailOutboxPageSchema, ...errors },
      },
    },
    async (req) => {
      const [{ data, total }, counts] = await Promise.all([outbox.list(req.query), outbox.counts()]);
      return { ...pageEnvelope(data, total, req.query), smtp_configured: mail.mailer.configured(), ...counts };
    },
  );

  app.get(
    '/api/admin/mail/outbox/:id',
    {
      config: { access: perm('list') },
      schema: {
        tags: outboxTags,
        summary: 'One outgoing mail with its content',
        params: UuidParamsSchema,
        response: { 200: one(MailOutboxDetailSchema), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await outbox.get(req.params.id) }),
  );

  app.post(
    '/api/admin/mail/outbox/:id/retry',
    {
      config: { access: perm('edit') },
      schema: {
        tags: outboxTags,
        summary: 'Put a failed or waiting mail back in line (the worker sends it on its next pass)',
        params: UuidParamsSchema,
        response: { 200: one(MailOutboxItemSchema), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await outbox.retry(actorOf(req), req.params.id) }),
  );

  app.post(
    '/api/admin/mail/test',
    {
      config: { access: access.permission('admin.settings.edit') },
      schema: {
        tags: ['settings'],
        summary: "Send a test mail now with the saved SMTP settings (to the given address or the admin's own)",
        body: MailTestSchema,
        response: {
          200: z.object({ success: z.literal(true), to: z.string() }),
          ...errorResponses(400, 401, 403, 409, 502),
        },
      },
    },
    async (req) => {
      const to = req.body.to ?? req.auth!.account.user.email;
      await outbox.sendTest(to);
      return { success: true as const, to };
    },
  );
}
