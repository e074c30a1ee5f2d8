import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface Page<T> {
  success: true;
  data: T[];
  total: number;
  /** The total is an estimate (lists of more than 10,000 rows): shown as "about N". */
  total_estimated?: boolean;
  page: number;
  per_page: number;
  total_pages: number;
}

/** Queries and mutations of one admin resource under /api/admin/<name>, with cache invalidation built in. */
export function resourceApi<Item, Create = unknown, Update = unknown>(name: string) {
  const base = `/api/admin/${name}`;
  const all = ['admin', name] as const;
  return {
    all,
    useList(params: URLSearchParams) {
      const qs = params.toString();
      return useQuery({
        queryKey: [...all, 'list', qs],
        queryFn: () => api<Page<Item>>(qs ? `${base}?${qs}` : base),
        placeholderData: keepPreviousData,
      });
    },
    useItem(id: string | undefined) {
      return useQuery({
        queryKey: [...all, 'item', id],
        queryFn: () => api<{ data: Item }>(`${base}/${id}`).then((r) => r.data),
        enabled: Boolean(id),
      });
    },
    useCreate() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: Create) => api<{ data: Item }>(base, { method: 'POST', body }).then((r) => r.data),
        onSuccess: () => client.invalidateQueries({ queryKey: all }),
      });
    },
    useUpdate(id: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: Update) =>
          api<{ data: Item }>(`${base}/${id}`, { method: 'PATCH', body }).then((r) => r.data),
        onSuccess: () => client.invalidateQueries({ queryKey: all }),
      });
    },
    useDelete() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api<{ success: true }>(`${base}/${id}`, { method: 'DELETE' }),
        onSuccess: () => client.invalidateQueries({ queryKey: all }),
      });
    },
    /** A custom action beside the generated ones (POST/PUT on /<id>/<action>). */
    useAction<Body, Result = Item>(id: string, action: string, method: 'POST' | 'PUT' = 'POST') {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: Body) =>
          api<{ data: Result }>(`${base}/${id}/${action}`, { method, body: body ?? {} }).then((r) => r.data),
        onSuccess: () => client.invalidateQueries({ queryKey: all }),
      });
    },
  };
}
