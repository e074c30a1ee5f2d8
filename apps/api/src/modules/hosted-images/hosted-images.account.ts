import {
  type EmbedSettings,
  type EmbedSettingsUpdateSchema,
  HOSTED_IMAGE_FIELD,
  type ImageHostingConfig,
  type ShareXConfig,
  UPLOAD_KEY_HEADER,
  UPLOAD_KEY_PREFIX,
} from '@hostdeck/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { imageHostingSettings, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { HostedImagesService } from './hosted-images.service.ts';

type Row = typeof imageHostingSettings.$inferSelect;
/** last_used_at is written at most this often per key. */
const TOUCH_MS = 60_000;
const KEY = new RegExp(`^${UPLOAD_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A member's settings before they changed anything. */
export const defaults = (userId: string): Row => ({
  userId,
  uploadKeyHash: null,
  uploadKeyHint: null,
  uploadKeyCreatedAt: null,
  uploadKeyLastUsedAt: null,
  embedEnabled: true,
  embedTitle: '{filename}',
  embedDescription: 'Uploaded by {username} on {date}',
  embedColor: '#5865f2',
  embedSiteName: '',
  updatedAt: new Date(),
});

export function presentEmbed(row: Row): EmbedSettings {
  return {
    enabled: row.embedEnabled,
    title: row.embedTitle,
    description: row.embedDescription,
    color: row.embedColor,
    site_name: row.embedSiteName,
  };
}

const invalidKey = () => new AppError('UPLOAD_KEY_INVALID', 'This upload key is unknown or was replaced');

/**
 * A member's image hosting settings: the personal ShareX upload key (a random token shown once, only
 * its SHA-256 kept; a new one replaces the old at once) and the embed of their image pages.
 */
export class ImageHostingAccount {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly images: HostedImagesService,
  ) {}

  async row(userId: string): Promise<Row> {
    const [row] = await this.db.select().from(imageHostingSettings).where(eq(imageHostingSettings.userId, userId));
    return row ?? defaults(userId);
  }

  async config(userId: string): Promise<ImageHostingConfig> {
    const row = await this.row(userId);
    return {
      success: true,
      embed: presentEmbed(row),
      upload_key:
        row.uploadKeyHash && row.uploadKeyCreatedAt
          ? {
              hint: row.uploadKeyHint ?? UPLOAD_KEY_PREFIX,
              created_at: row.uploadKeyCreatedAt.toISOString(),
              last_used_at: row.uploadKeyLastUsedAt?.toISOString() ?? null,
            }
          : null,
      upload_url: this.uploadUrl(),
      usage: await this.images.usage(userId),
    };
  }

  async updateEmbed(userId: string, patch: z.infer<typeof EmbedSettingsUpdateSchema>): Promise<EmbedSettings> {
    const set = {
      ...(patch.enabled !== undefined && { embedEnabled: patch.enabled }),
      ...(patch.title !== undefined && { embedTitle: patch.title }),
      ...(patch.description !== undefined && { embedDescription: patch.description }),
      ...(patch.color !== undefined && { embedColor: patch.color.toLowerCase() }),
      ...(patch.site_name !== undefined && { embedSiteName: patch.site_name }),
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(imageHostingSettings)
      .values({ ...defaults(userId), ...set })
      .onConflictDoUpdate({ target: imageHostingSettings.userId, set })
      .returning();
    return presentEmbed(row!);
  }

  /** A new key (the old one stops now) and the ShareX uploader that carries it. */
  async createKey(userId: string): Promise<{ key: string; sharex: ShareXConfig }> {
    const key = `${UPLOAD_KEY_PREFIX}${randomToken(32)}`;
    const set = {
      uploadKeyHash: sha256(key),
      uploadKeyHint: `${key.slice(0, UPLOAD_KEY_PREFIX.length + 4)}…`,
      uploadKeyCreatedAt: new Date(),
      uploadKeyLastUsedAt: null,
      updatedAt: new Date(),
    };
    await this.db
      .insert(imageHostingSettings)
      .values({ ...defaults(userId), ...set })
      .onConflictDoUpdate({ target: imageHostingSettings.userId, set });
    return { key, sharex: this.sharex(key) };
  }

  async revokeKey(userId: string): Promise<void> {
    await this.db
      .update(imageHostingSettings)
      .set({
        uploadKeyHash: null,
        uploadKeyHint: null,
        uploadKeyCreatedAt: null,
        uploadKeyLastUsedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(imageHostingSettings.userId, userId));
  }

  /** The member an upload key belongs to; refused when it is unknown, or the account is banned or going. */
  async resolveKey(key: string | undefined): Promise<string> {
    if (!key || !KEY.test(key)) throw invalidKey();
    const [found] = await this.db
      .select({ settings: imageHostingSettings, user: users })
      .from(imageHostingSettings)
      .innerJoin(users, eq(users.id, imageHostingSettings.userId))
      .where(eq(imageHostingSettings.uploadKeyHash, sha256(key)));
    if (!found) throw invalidKey();
    const { user } = found;
    if (user.banned) throw new AppError('UPLOAD_KEY_INVALID', 'This account is banned');
    if (user.deletedAt || user.deletionRequestedAt)
      throw new AppError('UPLOAD_KEY_INVALID', 'This account was deleted');
    const lastUsed = found.settings.uploadKeyLastUsedAt?.getTime() ?? 0;
    if (Date.now() - lastUsed > TOUCH_MS)
      await this.db
        .update(imageHostingSettings)
        .set({ uploadKeyLastUsedAt: new Date() })
        .where(eq(imageHostingSettings.userId, user.id));
    return user.id;
  }

  private uploadUrl(): string {
    return `${this.images.urls.panel()}/api/images/sharex`;
  }

  /** The .sxcu custom uploader: ShareX posts the file as multipart and reads the answer's JSON. */
  private sharex(key: string): ShareXConfig {
    return {
      Version: '15.0.0',
      Name: `${this.settings.string('app_name')} images`,
      DestinationType: 'ImageUploader, FileUploader',
      RequestMethod: 'POST',
      RequestURL: this.uploadUrl(),
      Headers: { [UPLOAD_KEY_HEADER]: key },
      Body: 'MultipartFormData',
      FileFormName: HOSTED_IMAGE_FIELD,
      URL: '{json:url}',
      ThumbnailURL: '{json:thumbnail_url}',
      DeletionURL: '{json:deletion_url}',
      ErrorMessage: '{json:message}',
    };
  }
}
