import type { BackupList, BackupResult } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const BASE = '/api/admin/backups';
const key = ['admin', 'backups'] as const;

/** The backups, polled every second while one is being made (its progress moves). */
export function useBackups() {
  return useQuery({
    queryKey: key,
    queryFn: () => api<BackupList>(BASE),
    refetchInterval: (query) => (query.state.data?.backups.some((b) => b.status === 'running') ? 1000 : false),
  });
}

export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<BackupResult>(BASE, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Where the browser downloads a completed backup (the session cookie authorises the GET). */
export const downloadUrl = (id: string) => `${BASE}/${id}/download`;
