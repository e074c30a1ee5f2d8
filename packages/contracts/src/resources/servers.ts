import { z } from 'zod';

const amount = (max: number) => z.number().int().min(0).max(max);

/** What a member asks for when creating a server; checked against their free resources. */
export const ServerRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    description: z.string().trim().max(255).default(''),
    location_id: z.number().int().positive(),
    egg_id: z.number().int().positive(),
    memory: amount(10_000_000).min(128, { message: 'At least 128 MB' }),
    cpu: amount(100_000).min(10, { message: 'At least 10 %' }),
    disk: amount(100_000_000).min(256, { message: 'At least 256 MB' }),
    ports: amount(1000).min(1),
    databases: amount(1000),
    backups: amount(1000),
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
    status: z.string(),
    panel_identifier: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'MemberServer' });
export type MemberServer = z.infer<typeof MemberServerSchema>;
