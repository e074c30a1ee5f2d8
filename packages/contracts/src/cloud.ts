import { z } from 'zod';
import { line } from './text.ts';

/**
 * Cloud backups (/mc-admin/mythicalcloud): local backups uploaded to, and downloaded from, an
 * S3-compatible bucket configured in the `cloud` settings group. The secret key is never sent back.
 */

/** A completed local backup and where it stands in the cloud. */
export const CloudLocalBackupSchema = z
  .object({
    id: z.uuid(),
    file_name: z.string(),
    kind: z.enum(['manual', 'scheduled', 'imported']),
    size: z.number().int().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    /** Object key it was uploaded under (null: never uploaded). */
    cloud_key: z.string().nullable(),
    cloud_uploaded_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'CloudLocalBackup' });
export type CloudLocalBackup = z.infer<typeof CloudLocalBackupSchema>;

/** The configuration as the page shows it: no secret, only whether it is set. */
export const CloudConfigSchema = z.object({
  configured: z.boolean(),
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  path_style: z.boolean(),
  access_key_id_set: z.boolean(),
  secret_access_key_set: z.boolean(),
});
export type CloudConfig = z.infer<typeof CloudConfigSchema>;

export const CloudOverviewSchema = z
  .object({
    success: z.literal(true),
    config: CloudConfigSchema,
    backups: z.array(CloudLocalBackupSchema),
  })
  .meta({ id: 'CloudOverview' });
export type CloudOverview = z.infer<typeof CloudOverviewSchema>;

export const CloudObjectSchema = z.object({
  key: z.string(),
  size: z.number().int(),
  last_modified: z.iso.datetime({ offset: true }).nullable(),
  /** The local backup uploaded under this key, when there is one. */
  backup_id: z.uuid().nullable(),
});
export type CloudObject = z.infer<typeof CloudObjectSchema>;

export const CloudObjectListSchema = z
  .object({
    success: z.literal(true),
    bucket: z.string(),
    prefix: z.string(),
    objects: z.array(CloudObjectSchema),
    /** More objects than one listing returns (the newest are not guaranteed to be shown). */
    truncated: z.boolean(),
  })
  .meta({ id: 'CloudObjectList' });
export type CloudObjectList = z.infer<typeof CloudObjectListSchema>;

export const CloudTestResultSchema = z.object({ success: z.literal(true), bucket: z.string() });
export type CloudTestResult = z.infer<typeof CloudTestResultSchema>;

export const CloudUploadRequestSchema = z.object({ backup_id: z.uuid() }).strict();
export type CloudUploadRequest = z.infer<typeof CloudUploadRequestSchema>;

export const CloudUploadResultSchema = z.object({ success: z.literal(true), backup: CloudLocalBackupSchema });
export type CloudUploadResult = z.infer<typeof CloudUploadResultSchema>;

export const CloudDownloadRequestSchema = z.object({ key: line().min(1).max(1024) }).strict();
export type CloudDownloadRequest = z.infer<typeof CloudDownloadRequestSchema>;

export const CloudDownloadResultSchema = z.object({ success: z.literal(true), backup: CloudLocalBackupSchema });
export type CloudDownloadResult = z.infer<typeof CloudDownloadResultSchema>;
