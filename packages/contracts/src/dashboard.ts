import { z } from 'zod';

/** Admin dashboard widgets: one route per widget, each behind its own dashboard component permission. */
export const DASHBOARD_PERMISSIONS = {
  overview: 'admin.dashboard.components.system.overview',
  updates: 'admin.dashboard.components.system.updates',
  logs: 'admin.dashboard.components.system.logs',
  analytics: 'admin.dashboard.components.ataglanceanalytics.view',
  support: 'admin.dashboard.components.support.view',
  premium: 'admin.dashboard.components.premiumedition.view',
  repository: 'admin.dashboard.components.githubrepo.view',
  quickActions: 'admin.dashboard.components.quickactions.view',
  activity: 'admin.dashboard.components.activity.view',
} as const;

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const DashboardOverviewSchema = envelope(
  z.object({
    version: z.string(),
    uptime_seconds: z.number().int(),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), size_bytes: z.number().int() }),
    counts: z.object({
      members: z.number().int(),
      servers: z.number().int(),
      queued: z.number().int(),
      open_tickets: z.number().int(),
    }),
  }),
).meta({ id: 'DashboardOverview' });
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>['data'];

export const DashboardUpdatesSchema = envelope(
  z.object({
    version: z.string(),
    /** The CHANGELOG.md shipped with this build (Markdown), or null when the build has none. */
    changelog: z.string().nullable(),
  }),
).meta({ id: 'DashboardUpdates' });
export type DashboardUpdates = z.infer<typeof DashboardUpdatesSchema>['data'];

export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof logLevels)[number];
export const DashboardLogsQuerySchema = z
  .object({
    /** The lowest level shown (warn shows warn, error and fatal). */
    level: z.enum(logLevels).default('info'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export const LogLineSchema = z.object({
  /** Increases with every line this instance logs. */
  id: z.number().int(),
  time: z.string(),
  level: z.enum(logLevels),
  message: z.string(),
  /** The line's other fields (request id, error, …) after redaction. */
  context: z.record(z.string(), z.unknown()),
});
export type LogLine = z.infer<typeof LogLineSchema>;
export const DashboardLogsSchema = envelope(z.array(LogLineSchema)).meta({ id: 'DashboardLogs' });

export const analyticsSeries = ['signups', 'servers', 'tickets', 'coins_earned', 'coins_spent'] as const;
export const AnalyticsDaySchema = z.object({
  day: z.string(),
  signups: z.number().int(),
  servers: z.number().int(),
  tickets: z.number().int(),
  coins_earned: z.number().int(),
  coins_spent: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;
/** The last 30 days (UTC), oldest first, days without activity included as zeros. */
export const DashboardAnalyticsSchema = envelope(z.array(AnalyticsDaySchema)).meta({ id: 'DashboardAnalytics' });

export const DashboardSupportSchema = envelope(
  z.object({
    open_total: z.number().int(),
    by_priority: z.object({
      low: z.number().int(),
      medium: z.number().int(),
      high: z.number().int(),
      urgent: z.number().int(),
    }),
    /** Reports of hosted images waiting for staff (status pending). */
    pending_image_reports: z.number().int(),
  }),
).meta({ id: 'DashboardSupport' });
export type DashboardSupport = z.infer<typeof DashboardSupportSchema>['data'];

/** Features a license can unlock. */
export const premiumFeatures = ['theme-customization'] as const;
export const DashboardPremiumSchema = envelope(
  z.object({
    state: z.enum(['none', 'invalid', 'expired', 'valid']),
    licensee: z.string().nullable(),
    expires_at: z.string().nullable(),
    features: z.array(z.object({ key: z.string(), unlocked: z.boolean() })),
  }),
).meta({ id: 'DashboardPremium' });
export type DashboardPremium = z.infer<typeof DashboardPremiumSchema>['data'];

export const DashboardRepositorySchema = envelope(
  z.object({ links: z.array(z.object({ key: z.string(), url: z.string() })) }),
).meta({ id: 'DashboardRepository' });
export type DashboardRepository = z.infer<typeof DashboardRepositorySchema>['data'];

export const healthStates = ['green', 'amber', 'red'] as const;
export type HealthState = (typeof healthStates)[number];
export const HealthCheckSchema = z.object({
  key: z.string(),
  state: z.enum(healthStates),
  /** A stable code the client translates (health.reasons.<reason>), with `params` for its placeholders. */
  reason: z.string(),
  /** What to do (health.actions.<action>); null when nothing is to be done. */
  action: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The dependency's own words (an error message), untranslated; null when there is none. */
  detail: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type HealthCheck = z.infer<typeof HealthCheckSchema>;
export const HealthReportSchema = z
  .object({
    success: z.literal(true),
    state: z.enum(healthStates),
    checked_at: z.string(),
    checks: z.array(HealthCheckSchema),
  })
  .meta({ id: 'HealthReport' });
export type HealthReport = z.infer<typeof HealthReportSchema>;
