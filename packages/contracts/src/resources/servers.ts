import { z } from 'zod';
import { pageSchema } from '../pagination.ts';
import { PanelKindSchema } from '../panel.ts';
import { IdNumber, listQuery } from '../resource.ts';
import { line } from '../text.ts';

/**
 * A whole amount from `min` to `max`, refused in the same words whatever the bad number: the bounds
 * come before the integer check, or -1 met "at least 0" and 1e16 the largest safe integer first.
 */
const amount = (min: number, max: number, unit = '') =>
  z
    .number()
    .min(min, { message: `At least ${min}${unit}` })
    .max(max, { message: `At most ${max}${unit}` })
    .int();

/** The six resources a server holds (and a member's limits bound). */
export const SERVER_RESOURCE_KEYS = ['memory', 'cpu', 'disk', 'ports', 'databases', 'backups'] as const;

/** The smallest server the panel can run; the create and update sliders start here. */
export const SERVER_MINIMUMS = { memory: 128, cpu: 10, disk: 256, ports: 1, databases: 0, backups: 0 } as const;

// No defaults here: the update schema is `.partial()` of these, and a default would apply to every update.
const serverFields = {
  name: line().min(1).max(64),
  description: z.string().trim().max(255),
  memory: amount(SERVER_MINIMUMS.memory, 10_000_000, ' MB'),
  cpu: amount(SERVER_MINIMUMS.cpu, 100_000, ' %'),
  disk: amount(SERVER_MINIMUMS.disk, 100_000_000, ' MB'),
  ports: amount(SERVER_MINIMUMS.ports, 1000),
  databases: amount(SERVER_MINIMUMS.databases, 1000),
  backups: amount(SERVER_MINIMUMS.backups, 1000),
};

/** What a member asks for when creating a server; checked against their free resources. */
export const ServerRequestSchema = z
  .object({
    ...serverFields,
    description: serverFields.description.default(''),
    location_id: z.number().int().positive(),
    egg_id: z.number().int().positive(),
  })
  .strict();
export type ServerRequest = z.infer<typeof ServerRequestSchema>;

/** The six resources a server holds, as the API reports them. */
const resourceShape = {
  memory: z.number().int(),
  cpu: z.number().int(),
  disk: z.number().int(),
  ports: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
};

export const queueStatuses = ['pending', 'building', 'completed', 'failed'] as const;

export const QueueItemSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    description: z.string(),
    location_id: z.number().int(),
    egg_id: z.number().int(),
    ...resourceShape,
    status: z.enum(queueStatuses),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** Limits minus what the member's servers and open requests already use. */
export const FreeResourcesSchema = z.object({
  memory: z.number().int(),
  cpu: z.number().int(),
  disk: z.number().int(),
  ports: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
  servers: z.number().int(),
});
export type FreeResources = z.infer<typeof FreeResourcesSchema>;

export const MemberServerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    location_id: z.number().int(),
    egg_id: z.number().int(),
    ...resourceShape,
    location_name: z.string(),
    egg_name: z.string(),
    egg_icon: z.string().nullable(),
    /** installing | active | suspended | install_failed | deleting (as last read from the panel). */
    status: z.string(),
    panel_identifier: z.string().nullable(),
    /** Where the member opens the console and files; null on the simulated demo panel. */
    panel_url: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'MemberServer' });
export type MemberServer = z.infer<typeof MemberServerSchema>;

/** A member's change to one of their servers: resources within the free pool, name, description. */
export const ServerUpdateSchema = z.object(serverFields).partial().strict();
export type ServerUpdate = z.infer<typeof ServerUpdateSchema>;

/** What renewing a server would cost and give, shown before the member confirms. */
export const RenewalQuoteSchema = z.object({
  enabled: z.boolean(),
  cost: z.number().int(),
  days: z.number().int(),
  coins: z.number().int(),
  /** The expiry after renewing now: the later of now and the current expiry, plus `days`. */
  new_expires_at: z.string(),
});
export type RenewalQuote = z.infer<typeof RenewalQuoteSchema>;

/** One server with what its update and renew pages need. */
export const ServerDetailSchema = z.object({
  success: z.literal(true),
  data: MemberServerSchema,
  /** The most each resource may be raised to: the free pool plus what the server already holds. */
  max: FreeResourcesSchema.omit({ servers: true }),
  renewal: RenewalQuoteSchema,
});
export type ServerDetail = z.infer<typeof ServerDetailSchema>;

/** The member's servers (as last read from the panel) and which panel that is. */
export const MemberServerListSchema = z.object({
  success: z.literal(true),
  data: z.array(MemberServerSchema),
  panel: PanelKindSchema,
});
export type MemberServerList = z.infer<typeof MemberServerListSchema>;

/** What the create page offers: online locations, enabled categories and eggs, and the free pool. */
export const ServerOptionsSchema = z.object({
  success: z.literal(true),
  panel: PanelKindSchema,
  enabled: z.boolean(),
  vip: z.boolean(),
  free: FreeResourcesSchema,
  locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      icon: z.string().nullable(),
      vip: z.boolean(),
      /** null = no slot limit. */
      slots: z.number().int().nullable(),
      used: z.number().int(),
    }),
  ),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      icon: z.string().nullable(),
    }),
  ),
  eggs: z.array(
    z.object({
      id: z.number().int(),
      category_id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      icon: z.string().nullable(),
      vip: z.boolean(),
    }),
  ),
});
export type ServerOptions = z.infer<typeof ServerOptionsSchema>;

/** A server in the admin list: the member's view plus its owner. */
export const AdminServerSchema = MemberServerSchema.extend({
  owner_id: z.string(),
  owner_username: z.string(),
  panel_server_id: z.number().int().nullable(),
}).meta({ id: 'AdminServer' });
export type AdminServer = z.infer<typeof AdminServerSchema>;
export const AdminServerListQuery = listQuery(['name', 'created_at', 'expires_at', 'memory'], {
  status: z.string().max(32).optional(),
  location_id: IdNumber.optional(),
  egg_id: IdNumber.optional(),
  owner_id: z.uuid().optional(),
});
export const AdminServerPageSchema = pageSchema(AdminServerSchema);

/** An administrator queues a server for a member: the member's own rules apply. */
export const AdminQueueCreateSchema = ServerRequestSchema.extend({ user_id: z.uuid({ message: 'Pick a member' }) });
export type AdminQueueCreate = z.infer<typeof AdminQueueCreateSchema>;
