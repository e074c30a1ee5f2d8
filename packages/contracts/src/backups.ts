import { z } from 'zod';

/** Database backups (/mc-admin/backups): compressed snapshots in the data directory, with a manifest. */

export const BackupManifestSchema = z
  .object({
    format_version: z.number().int(),
    app_version: z.string(),
    /** The last applied schema migration (null: none). */
    migration: z.object({ count: z.number().int(), hash: z.string(), created_at: z.number() }).nullable(),
    created_at: z.string(),
    /** Rows per table. */
    tables: z.record(z.string(), z.number().int()),
    sequences: z.number().int(),
    sha256: z.string(),
  })
  .meta({ id: 'BackupManifest' });
export type BackupManifestView = z.infer<typeof BackupManifestSchema>;

export const BackupSchema = z
  .object({
    id: z.uuid(),
    file_name: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    /** 0 to 100 while running. */
    progress: z.number().int(),
    kind: z.enum(['manual', 'scheduled', 'imported']),
    /** Bytes of the finished file. */
    size: z.number().int().nullable(),
    manifest: BackupManifestSchema.nullable(),
    error: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    completed_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Backup' });
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z
  .object({ success: z.literal(true), backups: z.array(BackupSchema) })
  .meta({ id: 'BackupList' });
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupResultSchema = z
  .object({ success: z.literal(true), backup: BackupSchema })
  .meta({ id: 'BackupResult' });
export type BackupResult = z.infer<typeof BackupResultSchema>;

export const BackupParamsSchema = z.object({ id: z.uuid() });
