import type {
  AdminServer,
  FreeResources,
  MemberServer,
  MemberServerList,
  QueueItem,
  ServerDetail,
  ServerOptions,
  ServerRequest,
  ServerUpdate,
} from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { sessionManager } from '../../lib/session-manager.ts';

/** Every member query lives under ['servers'], so one invalidation refreshes the dashboard and the pages. */
export const serverKeys = {
  all: ['servers'] as const,
  list: ['servers', 'list'] as const,
  requests: ['servers', 'requests'] as const,
  options: ['servers', 'options'] as const,
  detail: (id: string) => ['servers', 'detail', id] as const,
};

const OPEN = new Set(['pending', 'building']);

/** The member's servers; refreshed while one installs or is being deleted. */
export function useServers() {
  return useQuery({
    queryKey: serverKeys.list,
    queryFn: () => api<MemberServerList>('/api/servers'),
    refetchInterval: (q) =>
      q.state.data?.data.some((s) => s.status === 'installing' || s.status === 'deleting') ? 10_000 : false,
  });
}

/** The member's requests; refreshed every few seconds while one waits or is being built. */
export function useServerRequests() {
  const client = useQueryClient();
  return useQuery({
    queryKey: serverKeys.requests,
    queryFn: async () => {
      const previous = client.getQueryData<{ data: QueueItem[] }>(serverKeys.requests);
      const next = await api<{ data: QueueItem[]; free: FreeResources }>('/api/servers/requests');
      // A request that was open and is now built: its server has appeared in the list.
      const built = next.data.some(
        (r) => r.status === 'completed' && previous?.data.some((p) => p.id === r.id && OPEN.has(p.status)),
      );
      if (built) void client.invalidateQueries({ queryKey: serverKeys.list });
      return next;
    },
    refetchInterval: (q) => (q.state.data?.data.some((r) => OPEN.has(r.status)) ? 5000 : false),
  });
}

export function useServerOptions() {
  return useQuery({
    queryKey: serverKeys.options,
    queryFn: () => api<ServerOptions>('/api/servers/options'),
    staleTime: 0,
  });
}

export function useServer(id: string) {
  return useQuery({
    queryKey: serverKeys.detail(id),
    queryFn: () => api<ServerDetail>(`/api/servers/${id}`),
    enabled: Boolean(id),
  });
}

function useInvalidateServers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: serverKeys.all });
}

/** A request takes a server slot: the session (its stats) loads again too. */
export function useRequestServer() {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (body: ServerRequest) =>
      api<{ data: QueueItem }>('/api/servers/requests', { method: 'POST', body }).then((r) => r.data),
    onSuccess: async () => {
      void sessionManager.reload();
      await invalidate();
    },
  });
}

export function useUpdateServer(id: string) {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (body: ServerUpdate) =>
      api<{ data: MemberServer }>(`/api/servers/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** Renewing spends coins: the session is loaded again so the balance in the top bar follows. */
export function useRenewServer(id: string) {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: () => api<{ data: MemberServer; coins: number }>(`/api/servers/${id}/renew`, { method: 'POST' }),
    onSuccess: async () => {
      void sessionManager.reload();
      await invalidate();
    },
  });
}

/** The deleted server's own page is left alone (it would only answer 404); the page navigates away. */
export function useDeleteServer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: true }>(`/api/servers/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void sessionManager.reload(); // a slot is free again (the session's stats)
      return client.invalidateQueries({
        queryKey: serverKeys.all,
        predicate: (q) => !(q.queryKey[1] === 'detail' && q.queryKey[2] === id),
      });
    },
  });
}

/** Admin: every member's servers (list and delete through the generic resource API). */
export const adminServersApi = resourceApi<AdminServer>('servers');
