import { IMAGE_UPLOAD_FIELD, type ImageUsage, type LibraryImage, type LibraryImageUpdate } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const BASE = '/mc-admin/images';
export const imagesApi = resourceApi<LibraryImage, never, LibraryImageUpdate>('images');

/** One upload: the file and its optional name and alt text, sent as multipart/form-data. */
export interface ImageUploadInput {
  file: File;
  name: string;
  alt: string;
}

export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name, alt }: ImageUploadInput) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      form.append('alt', alt.trim());
      form.append(IMAGE_UPLOAD_FIELD, file, file.name);
      return api<{ data: LibraryImage }>('/api/admin/images', { method: 'POST', form }).then((r) => r.data);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: imagesApi.all }),
  });
}

export function useImageUsage(id: string) {
  return useQuery({
    queryKey: [...imagesApi.all, 'usage', id],
    queryFn: () => api<{ data: ImageUsage[] }>(`/api/admin/images/${id}/usage`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Deletes an image; `confirm` also removes it from the records that show it (the server refuses otherwise). */
export function useDeleteImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: boolean) =>
      api<{ success: true }>(`/api/admin/images/${id}${confirm ? '?confirm=true' : ''}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/**
 * The address the icon and cover fields keep: absolute, as those fields accept http(s) addresses only.
 * The server finds an image's uses by this address's path, whatever the host.
 */
export function imageAddress(url: string, origin = window.location.origin): string {
  return new URL(url, origin).href;
}

/** "1.5 MB", "820 kB", "512 B". */
export function formatSize(bytes: number, locale?: string): string {
  const fmt = (n: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n)} ${unit}`;
  if (bytes < 1000) return fmt(bytes, 'B');
  if (bytes < 1_000_000) return fmt(bytes / 1000, 'kB');
  return fmt(bytes / 1_000_000, 'MB');
}

/** Where each kind of record is edited, for the links of the usage list. */
export const usagePath: Record<ImageUsage['type'], (id: number) => string> = {
  location: (id) => `/mc-admin/locations/${id}/edit`,
  egg_category: (id) => `/mc-admin/egg-categories/${id}/edit`,
  egg: (id) => `/mc-admin/eggs/${id}/edit`,
  announcement: (id) => `/mc-admin/announcements/${id}/edit`,
  j4r_server: (id) => `/mc-admin/j4r-servers/${id}/edit`,
};
