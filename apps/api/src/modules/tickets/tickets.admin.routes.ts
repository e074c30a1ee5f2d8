import {
  AdminTicketListQuery,
  AdminTicketPageSchema,
  AdminTicketResultSchema,
  AdminTicketUpdateSchema,
  departmentsResource,
  IntIdParamsSchema,
  StaffTicketReplySchema,
  TicketDeskSchema,
  TicketParamsSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { access } from '../../plugins/access.ts';
import { departmentsService } from './departments.service.ts';
import { formBody, formValidator, parseForm, readTicketForm } from './tickets.attachments.ts';
import { StaffTicketsService } from './tickets.staff.service.ts';

/**
 * The staff side: departments (generated CRUD) and the ticket desk. The catalogue has only
 * admin.tickets.list and admin.tickets.view, so every action on a ticket needs view.
 */
export async function ticketsAdminRoutes(fastify: FastifyInstance): Promise<void> {
  crudRoutes(fastify, {
    contract: departmentsResource,
    service: departmentsService(fastify.ctx.db),
    params: IntIdParamsSchema,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, settings, media, publicUrl } = app.ctx;
  const staff = new StaffTicketsService(db, settings, media, publicUrl);
  const view = access.permission('admin.tickets.view');
  const tags = ['tickets'];

  app.get(
    '/api/admin/tickets',
    {
      config: { access: access.permission('admin.tickets.list') },
      schema: {
        tags,
        summary: 'Every ticket: filter by status, priority, department, assignee ("me", "unassigned"); search',
        querystring: AdminTicketListQuery,
        response: { 200: AdminTicketPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => staff.list(actorOf(req), req.query),
  );

  app.get(
    '/api/admin/tickets/desk',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "The desk's choices: staff a ticket can be assigned to, and the departments",
        response: { 200: TicketDeskSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, ...(await staff.desk()) }),
  );

  app.get(
    '/api/admin/tickets/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'One ticket with its whole conversation, internal notes included',
        params: TicketParamsSchema,
        response: { 200: AdminTicketResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({ success: true as const, data: await staff.get(req.params.id) }),
  );

  app.post(
    '/api/admin/tickets/:id/messages',
    {
      config: { access: view },
      validatorCompiler: formValidator as never,
      schema: {
        tags,
        summary: 'Reply (the ticket becomes replied and the member is mailed) or add an internal note',
        description:
          'Fields: message, internal (true for a staff-only note: never shown to the member, never mailed). JSON, or multipart/form-data with files under "attachments".',
        params: TicketParamsSchema,
        ...formBody,
        body: StaffTicketReplySchema.optional(),
        response: { 200: AdminTicketResultSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      await staff.assertExists(req.params.id);
      const form = await readTicketForm(req, {
        maxBytes: settings.number('tickets_attachment_max_bytes'),
        maxCount: settings.number('tickets_attachment_max_count'),
      });
      const body = parseForm(StaffTicketReplySchema, form.fields);
      const data = await staff.reply(actorOf(req), req.params.id, body, form.files);
      // A public reply reopens a closed ticket: the member's open-ticket count may have moved.
      if (!body.internal) {
        await app.ctx.sessions.invalidateUser(data.member.id);
        await app.ctx.notifications.notify(data.member.id, 'ticket'); // the member's bell, live
      }
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/admin/tickets/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Change the status, priority or assignee (null unassigns)',
        params: TicketParamsSchema,
        body: AdminTicketUpdateSchema,
        response: { 200: AdminTicketResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const data = await staff.update(actorOf(req), req.params.id, req.body);
      // A status change moves the member's open-ticket count in their session.
      if (req.body.status) await app.ctx.sessions.invalidateUser(data.member.id);
      return { success: true as const, data };
    },
  );
}
