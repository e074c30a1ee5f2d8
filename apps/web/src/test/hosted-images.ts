import type { HostedImage, HostedImageUsage, ImageHostingConfig, ImageReport } from '@hostdeck/contracts';

export const ORIGIN = 'https://img.example.com';

export function hostedImage(overrides: Partial<HostedImage> = {}): HostedImage {
  const id = overrides.id ?? 'AbCdEfGhIj_1';
  return {
    id,
    name: 'sunset',
    content_type: 'image/png',
    width: 1600,
    height: 900,
    size: 245_000,
    animated: false,
    views: 3,
    page_url: `${ORIGIN}/i/${id}`,
    direct_url: `${ORIGIN}/i/${id}.png`,
    thumbnail_url: `${ORIGIN}/i/${id}/thumb`,
    created_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function usage(overrides: Partial<HostedImageUsage> = {}): HostedImageUsage {
  return {
    bytes: 245_000,
    count: 1,
    quota_bytes: 0,
    quota_count: 0,
    max_file_bytes: 10_000_000,
    formats: ['png', 'jpeg', 'gif', 'webp'],
    animated_allowed: true,
    cost: 0,
    ...overrides,
  };
}

export const galleryPage = (data: HostedImage[], next_cursor: string | null = null, use = usage()) => ({
  success: true,
  data,
  next_cursor,
  usage: use,
});

export function hostingConfig(overrides: Partial<ImageHostingConfig> = {}): ImageHostingConfig {
  return {
    success: true,
    embed: {
      enabled: true,
      title: '{filename}',
      description: 'Uploaded by {username}',
      color: '#5865f2',
      site_name: 'Cube Host',
    },
    upload_key: null,
    upload_url: 'https://panel.example.com/api/images/sharex',
    usage: usage(),
    ...overrides,
  };
}

export const ADA_REF = { uuid: '22222222-2222-4222-8222-222222222222', username: 'ada' };

export function imageReport(overrides: Partial<ImageReport> = {}): ImageReport {
  return {
    id: 7,
    image_id: 'AbCdEfGhIj_1',
    image_exists: true,
    image: hostedImage(),
    uploader: ADA_REF,
    reporter: null,
    reason: 'nsfw',
    note: 'Not for kids',
    status: 'pending',
    staff_notes: '',
    handled_by: null,
    handled_at: null,
    created_at: '2026-03-02T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}
