import type {
  EmbedSettings,
  HostedImage,
  HostedImageUsage,
  ImageHostingConfig,
  ShareXConfig,
} from '@hostdeck/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';

/** Every query of the member's image hosting lives under ['hosted-images']: one invalidation after an upload. */
export const hostedKeys = {
  all: ['hosted-images'] as const,
  gallery: ['hosted-images', 'gallery'] as const,
  config: ['hosted-images', 'config'] as const,
};

export interface GalleryPage {
  data: HostedImage[];
  next_cursor: string | null;
  usage: HostedImageUsage;
}
export interface UploadKeyResult {
  key: string;
  sharex: ShareXConfig;
}

export const PER_PAGE = 30;
/** The feature switched off (the public setting, or the server said so). */
export const isOff = (error: unknown) => error instanceof ApiError && error.code === 'FEATURE_DISABLED';
/** The gallery, newest first, one keyset page after the other ("load more"). */
export function useGallery() {
  return useInfiniteQuery({
    queryKey: hostedKeys.gallery,
    queryFn: ({ pageParam }) =>
      api<GalleryPage>(`/api/user/images?per_page=${PER_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Deletes an image; it leaves the loaded gallery at once and the usage goes down by its size. */
export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/api/user/images/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.setQueryData<InfiniteData<GalleryPage>>(hostedKeys.gallery, (data) => {
        if (!data) return data;
        const gone = data.pages.flatMap((p) => p.data).find((i) => i.id === id);
        return {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            data: p.data.filter((i) => i.id !== id),
            usage: gone ? { ...p.usage, bytes: p.usage.bytes - gone.size, count: p.usage.count - 1 } : p.usage,
          })),
        };
      });
      void client.invalidateQueries({ queryKey: hostedKeys.config });
    },
  });
}

export function useImageConfig() {
  return useQuery({
    queryKey: hostedKeys.config,
    queryFn: () => api<ImageHostingConfig>('/api/user/images/config'),
  });
}

function useConfigWrite<V, R>(send: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: hostedKeys.config }),
  });
}

export function useSaveEmbed() {
  return useConfigWrite((body: Partial<EmbedSettings>) =>
    api<{ data: EmbedSettings }>('/api/user/images/embed', { method: 'PATCH', body }).then((r) => r.data),
  );
}

/** A new upload key (the old one stops at once), shown this once with its .sxcu. */
export function useCreateKey() {
  return useConfigWrite(() => api<UploadKeyResult>('/api/user/images/key', { method: 'POST' }));
}

export function useRevokeKey() {
  return useConfigWrite(() => api<{ success: true }>('/api/user/images/key', { method: 'DELETE' }));
}
