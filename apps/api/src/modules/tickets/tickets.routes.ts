import multipart from '@fastify/multipart';
import {
  mayUseAdminPermission,
  TicketAttachmentParamsSchema,
  TicketCreateSchema,
  TicketListQuery,
  TicketOptionsSchema,
  TicketPageSchema,
  TicketParamsSchema,
  TicketReadResultSchema,
  TicketReplySchema,
  TicketResultSchema,
  TicketUnreadSchema,
  ticketAttachmentTypes,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { attemptRateLimit } from '../../plugins/rate-limit.ts';
import { ticketsAdminRoutes } from './tickets.admin.routes.ts';
import { contentDisposition, formBody, formValidator, parseForm, readTicketForm } from './tickets.attachments.ts';
import { TicketsService } from './tickets.service.ts';

const filesNote =
  'JSON, or multipart/form-data with the same fields and files under "attachments" (PNG, JPEG, GIF, WebP, PDF or plain text, typed from their content; size and count limits from the settings).';

/**
 * Members' support tickets (flag allow_tickets), the staff desk and departments. Multipart parsing
 * is registered here only, for the ticket forms.
 */
export async function ticketsRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new TicketsService(app.ctx.db, app.ctx.settings, app.ctx.media);
  const tags = ['tickets'];
  const uid = (req: { auth: { account: { user: { id: string } } } | null }) => req.auth!.account.user.id;

  app.get(
    '/api/tickets/options',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'What a new ticket may use: enabled departments, my servers, the limits',
        response: { 200: TicketOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => service.options(uid(req)),
  );

  app.get(
    '/api/tickets',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'My tickets, latest reply first, with how many are open',
        querystring: TicketListQuery,
        response: { 200: TicketPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => service.list(uid(req), req.query),
  );

  app.get(
    '/api/tickets/unread',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'My tickets with staff replies I have not read (the notifications bell); empty while tickets are off',
        response: { 200: TicketUnreadSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => service.unread(uid(req)),
  );

  app.post(
    '/api/tickets/read-all',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Mark the staff replies on all my tickets read',
        response: { 200: TicketReadResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ success: true as const, unread: await service.markRead(uid(req), 'all') }),
  );

  app.post(
    '/api/tickets/:id/read',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'Mark the staff replies on my ticket read (opening it does the same)',
        params: TicketParamsSchema,
        response: { 200: TicketReadResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, unread: await service.markRead(uid(req), req.params.id) }),
  );

  app.post(
    '/api/tickets',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      validatorCompiler: formValidator as never,
      schema: {
        tags,
        summary: 'Open a ticket (at most tickets_max_open not closed at once)',
        description: `Fields: department_id (an enabled department), subject, priority, message, optional server_id (one of mine). ${filesNote}`,
        ...formBody,
        body: TicketCreateSchema.optional(),
        response: { 201: TicketResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      service.assertEnabled();
      const form = await readTicketForm(req, service.attachmentLimits());
      const input = parseForm(TicketCreateSchema, form.fields);
      const data = await service.create(uid(req), input, form.files);
      await app.ctx.sessions.invalidateUser(uid(req)); // the session's ticket count changed
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/tickets/:id',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: 'One of my tickets with its conversation (staff notes are never included)',
        params: TicketParamsSchema,
        response: { 200: TicketResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, data: await service.get(uid(req), req.params.id) }),
  );

  app.post(
    '/api/tickets/:id/messages',
    {
      config: { access: access.session, rateLimit: attemptRateLimit(app) },
      validatorCompiler: formValidator as never,
      schema: {
        tags,
        summary: 'Reply to my ticket (it becomes open); a closed ticket must be reopened first',
        description: `Field: message. ${filesNote}`,
        params: TicketParamsSchema,
        ...formBody,
        body: TicketReplySchema.optional(),
        response: { 200: TicketResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (req) => {
      service.assertEnabled();
      const userId = uid(req);
      // Someone else's ticket is refused before its body is read.
      await service.assertMine(userId, req.params.id);
      const form = await readTicketForm(req, service.attachmentLimits());
      const { message } = parseForm(TicketReplySchema, form.fields);
      return { success: true as const, data: await service.reply(userId, req.params.id, message, form.files) };
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/api/tickets/:id/${action}`,
      {
        config: { access: access.session },
        schema: {
          tags,
          summary:
            action === 'close' ? 'Close my ticket' : 'Reopen my closed ticket (counts against the open-ticket limit)',
          params: TicketParamsSchema,
          response: { 200: TicketResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const data = await service[action](uid(req), req.params.id);
        await app.ctx.sessions.invalidateUser(uid(req)); // the session's ticket count changed
        return { success: true as const, data };
      },
    );
  }

  app.get(
    '/api/tickets/:id/attachments/:attachmentId',
    {
      config: { access: access.session },
      schema: {
        tags,
        summary: "A ticket's file, for its member or staff who may view tickets (404 for anyone else)",
        description:
          'Served with the type detected at upload, nosniff, a sandboxing Content-Security-Policy, and as a download except for images.',
        params: TicketAttachmentParamsSchema,
        produces: [...ticketAttachmentTypes],
        response: {
          200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const staff = mayUseAdminPermission(auth.account.role, 'admin.tickets.view');
      const file = await service.attachment(
        { id: auth.account.user.id, staff },
        req.params.id,
        req.params.attachmentId,
      );
      const image = file.type.startsWith('image/');
      return (
        reply
          .header('content-type', file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type)
          .header('x-content-type-options', 'nosniff')
          // Images may show in the page; anything else is only ever saved.
          .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', file.fileName))
          // Opened directly, nothing in it may run, load or be treated as a document of this origin.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'private, no-store')
          .send(file.bytes)
      );
    },
  );

  await ticketsAdminRoutes(app);
}
