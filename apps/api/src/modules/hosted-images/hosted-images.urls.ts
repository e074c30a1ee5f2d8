import type { HostedImage } from '@hostdeck/contracts';
import type { hostedImages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsGuard, SettingsService } from '../settings/settings.service.ts';

export type HostedImageRow = typeof hostedImages.$inferSelect;

/**
 * Where hosted images are reached: the images origin (image_hosting_origin) when the operator set
 * one, the panel's own address otherwise. The member pages and the ShareX endpoint stay on the panel.
 */
export class ImageUrls {
  constructor(
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
  ) {}

  origin(): string {
    return this.settings.string('image_hosting_origin').replace(/\/+$/, '') || this.panel();
  }
  panel(): string {
    return this.publicUrl().replace(/\/+$/, '');
  }
  page(id: string): string {
    return `${this.origin()}/i/${id}`;
  }
  direct(row: Pick<HostedImageRow, 'id' | 'extension'>): string {
    return `${this.origin()}/i/${row.id}.${row.extension}`;
  }
  thumb(id: string): string {
    return `${this.origin()}/i/${id}/thumb`;
  }
  /** Where ShareX's DeletionURL leads: the gallery, on the image's delete confirmation (signed in). */
  deletion(id: string): string {
    return `${this.panel()}/images?delete=${id}`;
  }

  present(row: HostedImageRow): HostedImage {
    return {
      id: row.id,
      name: row.name,
      content_type: row.contentType as HostedImage['content_type'],
      width: row.width,
      height: row.height,
      size: row.size,
      animated: row.animated,
      views: row.views,
      page_url: this.page(row.id),
      direct_url: this.direct(row),
      thumbnail_url: this.thumb(row.id),
      created_at: row.createdAt.toISOString(),
    };
  }
}

/**
 * An http:// images origin cannot show on a panel served over https: browsers block (or upgrade) the
 * mixed content, so every thumbnail would break. Refused at save, at the field (a panel on http may
 * use one: its CSP allows http images, plugins/security.ts).
 */
export function imagesOriginGuard(panelUrl: () => string): SettingsGuard {
  return async (next) => {
    const origin = next.image_hosting_origin;
    if (typeof origin !== 'string' || !origin.toLowerCase().startsWith('http:')) return;
    const panel = typeof next.app_url === 'string' && next.app_url ? next.app_url : panelUrl();
    if (!panel.toLowerCase().startsWith('https:')) return;
    const message =
      'Use an https:// address: the panel is served over https, and browsers block http images on its pages';
    throw new AppError('VALIDATION_ERROR', message, { image_hosting_origin: message });
  };
}
