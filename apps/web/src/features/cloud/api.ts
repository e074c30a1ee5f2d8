import type {
  CloudDownloadResult,
  CloudObjectList,
  CloudOverview,
  CloudTestResult,
  CloudUploadResult,
} from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api-client.ts';

const BASE = '/api/admin/mythicalcloud';
const key = ['admin', 'mythicalcloud'] as const;

/** The configuration (no secret) and the local backups with their upload state. */
export function useCloudOverview() {
  return useQuery({ queryKey: [...key, 'overview'], queryFn: () => api<CloudOverview>(BASE) });
}

/** The bucket's objects; asked for only once the storage is configured (the server calls S3). */
export function useCloudObjects(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'objects'],
    queryFn: () => api<CloudObjectList>(`${BASE}/objects`),
    enabled,
  });
}

export function useCloudTest() {
  return useMutation({ mutationFn: () => api<CloudTestResult>(`${BASE}/test`, { method: 'POST', body: {} }) });
}

function useCloudAction<Body, Result>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<Result>(`${BASE}/${path}`, { method: 'POST', body }),
    // Both lists change: the object appears in the bucket, or a new local backup appears.
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCloudUpload = () => useCloudAction<{ backup_id: string }, CloudUploadResult>('upload');
export const useCloudDownload = () => useCloudAction<{ key: string }, CloudDownloadResult>('download');

/** The translated message of a failed call (the server's error code, else a generic one). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => t(`errors.${error instanceof ApiError ? error.code : 'SERVER_ERROR'}`);
}
