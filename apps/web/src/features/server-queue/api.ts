import type { QueueItem } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { type Page, resourceApi } from '../../lib/resource-api.ts';

export type AdminQueueItem = QueueItem & { username: string };
export interface QueueLog {
  id: string;
  queue_id: string;
  level: 'info' | 'warn' | 'error';
  message: string;
  created_at: string;
}

export const queueApi = resourceApi<AdminQueueItem>('server-queue');

export function useQueueItem(id: string) {
  return useQuery({
    queryKey: [...queueApi.all, 'item', id],
    queryFn: () => api<{ data: QueueItem; logs: QueueLog[] }>(`/api/admin/server-queue/${id}`),
    refetchInterval: (q) => (q.state.data && ['pending', 'building'].includes(q.state.data.data.status) ? 3000 : false),
  });
}

export function useQueueLogs(page: number) {
  return useQuery({
    queryKey: [...queueApi.all, 'logs', page],
    queryFn: () => api<Page<QueueLog>>(`/api/admin/server-queue/logs?page=${page}&per_page=100`),
  });
}
