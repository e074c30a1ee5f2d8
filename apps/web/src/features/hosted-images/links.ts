import type { HostedImage, HostedImageFormat, HostedImageUsage } from '@hostdeck/contracts';

export const linkKinds = ['page', 'direct', 'markdown', 'bbcode'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** An address the member can paste anywhere: absolute, whatever form the server sent. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/** The four ways to share an image: its page (the embed), the bytes, Markdown and BBCode. */
export function imageLink(image: Pick<HostedImage, 'name' | 'page_url' | 'direct_url'>, kind: LinkKind): string {
  const direct = absolute(image.direct_url);
  switch (kind) {
    case 'page':
      return absolute(image.page_url);
    case 'direct':
      return direct;
    case 'markdown':
      // Brackets would end the alt text early.
      return `![${image.name.replace(/[[\]\\]/g, '\\$&')}](${direct})`;
    case 'bbcode':
      return `[img]${direct}[/img]`;
  }
}

/** Thumbnails are at most 320 px on their long side: the size to reserve before they load. */
export function thumbSize(width: number, height: number, max = 320): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const formatOfType: Record<string, HostedImageFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const formatOfExtension: Record<string, HostedImageFormat> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/** The format a file claims (type, else extension). Only a hint: the server reads the bytes. */
export function claimedFormat(file: File): HostedImageFormat | null {
  return formatOfType[file.type] ?? formatOfExtension[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

export type PrecheckError =
  | { code: 'IMAGE_TOO_LARGE'; max: number }
  | { code: 'IMAGE_TYPE_NOT_ALLOWED'; formats: string }
  | { code: 'IMAGE_QUOTA_EXCEEDED' };

/**
 * What the limits already say about a file before it is sent (too large, a format the panel does
 * not take, the quota full); `queued` counts the uploads still on their way. The server decides.
 */
export function precheck(file: File, usage: HostedImageUsage | undefined, queued = 0): PrecheckError | null {
  if (!usage) return null;
  if (usage.max_file_bytes > 0 && file.size > usage.max_file_bytes)
    return { code: 'IMAGE_TOO_LARGE', max: usage.max_file_bytes };
  const format = claimedFormat(file);
  if (!format || !usage.formats.includes(format))
    return { code: 'IMAGE_TYPE_NOT_ALLOWED', formats: usage.formats.map((f) => f.toUpperCase()).join(', ') };
  if (usage.quota_count > 0 && usage.count + queued >= usage.quota_count) return { code: 'IMAGE_QUOTA_EXCEEDED' };
  if (usage.quota_bytes > 0 && usage.bytes >= usage.quota_bytes) return { code: 'IMAGE_QUOTA_EXCEEDED' };
  return null;
}
