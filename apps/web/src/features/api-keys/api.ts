import type { ApiKey, ApiKeyCreate } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const apiKeysKey = ['admin', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: () => api<{ success: true; data: ApiKey[] }>('/api/admin/api-keys'),
  });
}

/** Creates a key; the answer carries the key itself, shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) =>
      api<{ success: true; key: ApiKey; secret: string }>('/api/admin/api-keys', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/api/admin/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
