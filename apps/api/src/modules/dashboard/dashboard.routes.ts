import {
  APP_VERSION,
  DASHBOARD_PERMISSIONS,
  DashboardAnalyticsSchema,
  DashboardLogsQuerySchema,
  DashboardLogsSchema,
  DashboardOverviewSchema,
  DashboardPremiumSchema,
  DashboardRepositorySchema,
  DashboardSupportSchema,
  DashboardUpdatesSchema,
  ErrorEnvelopeSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { access } from '../../plugins/access.ts';
import { DashboardService, readChangelog } from './dashboard.service.ts';

const tags = ['dashboard'];
const refused = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

/**
 * One call per widget, each behind the widget's own permission: a role that may open the dashboard
 * but not see the logs gets a 403 from the logs call, not an empty list.
 */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new DashboardService(app.ctx.database, app.ctx.settings);
  // Read once: the changelog ships with the build and does not change while it runs.
  const changelog = readChangelog();

  // The handler's result is checked against `response` by the serializer (fastify-type-provider-zod).
  const widget = (path: string, permission: string, summary: string, response: z.ZodType, handler: () => unknown) =>
    app.get(
      `/api/admin/dashboard/${path}`,
      {
        config: { access: access.permission(permission) },
        schema: { tags, summary, response: { 200: response, ...refused } },
      },
      async (_req, reply) => reply.send({ success: true, data: await handler() }),
    );

  widget('overview', DASHBOARD_PERMISSIONS.overview, 'System overview', DashboardOverviewSchema, () =>
    service.overview(),
  );
  widget('updates', DASHBOARD_PERMISSIONS.updates, 'Version and release notes', DashboardUpdatesSchema, () => ({
    version: APP_VERSION,
    changelog,
  }));
  widget('analytics', DASHBOARD_PERMISSIONS.analytics, 'Activity per day, last 30 days', DashboardAnalyticsSchema, () =>
    service.analytics(),
  );
  widget('support', DASHBOARD_PERMISSIONS.support, 'Open tickets by priority', DashboardSupportSchema, () =>
    service.support(),
  );
  widget('premium', DASHBOARD_PERMISSIONS.premium, 'License state and features', DashboardPremiumSchema, () =>
    service.premium(),
  );
  widget('repository', DASHBOARD_PERMISSIONS.repository, 'Project links', DashboardRepositorySchema, () =>
    service.repository(),
  );

  app.get(
    '/api/admin/dashboard/logs',
    {
      config: { access: access.permission(DASHBOARD_PERMISSIONS.logs) },
      schema: {
        tags,
        summary: 'Recent server log lines, newest first, at a level or above',
        querystring: DashboardLogsQuerySchema,
        response: { 200: DashboardLogsSchema, 400: ErrorEnvelopeSchema, ...refused },
      },
    },
    async (req) => ({ success: true as const, data: app.ctx.logs.recent(req.query.level, req.query.limit) }),
  );
}
