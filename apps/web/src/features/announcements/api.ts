import type {
  Announcement,
  AnnouncementCreateSchema,
  AnnouncementFeed,
  AnnouncementUnread,
  AnnouncementUpdateSchema,
} from '@hostdeck/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const announcementsApi = resourceApi<
  Announcement,
  z.infer<typeof AnnouncementCreateSchema>,
  z.infer<typeof AnnouncementUpdateSchema>
>('announcements');
export const ADMIN_BASE = '/mc-admin/announcements';

const feedKey = ['announcements', 'feed'] as const;
const unreadKey = ['announcements', 'unread'] as const;
const PER_PAGE = 10;

/** The members' feed, a page at a time (pinned first, then newest), optionally one tag only. */
export function useAnnouncementFeed(tag: string) {
  return useInfiniteQuery({
    queryKey: [...feedKey, tag],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const qs = new URLSearchParams({ page: String(pageParam), per_page: String(PER_PAGE) });
      if (tag) qs.set('tag', tag);
      return api<AnnouncementFeed>(`/api/announcements?${qs}`);
    },
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
}

/** The member's unread count, for the navigation badge (refreshed every few minutes). */
export function useUnreadAnnouncements(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => api<AnnouncementUnread>('/api/announcements/unread-count').then((r) => r.unread),
    refetchInterval: 5 * 60_000,
    enabled,
  });
}

/** Reading one (or all): the server answers the new unread count, which the badge takes at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api<AnnouncementUnread>(id === 'all' ? '/api/announcements/read-all' : `/api/announcements/${id}/read`, {
        method: 'POST',
      }),
    onSuccess: ({ unread }, id) => {
      client.setQueryData(unreadKey, unread);
      client.setQueriesData<{ pages: AnnouncementFeed[] }>({ queryKey: feedKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                data: p.data.map((a) => (id === 'all' || a.id === id ? { ...a, unread: false } : a)),
              })),
            }
          : data,
      );
    },
  });
}
