import type { ImageReport, ImageReportAction, ImageReportUpdate } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const BASE = '/mc-admin/image-reports';
export const reportsApi = resourceApi<ImageReport, never, ImageReportUpdate>('image-reports');

export interface ImageReportDetail {
  data: ImageReport;
  earlier_reports: Omit<ImageReport, 'image'>[];
  uploader_stats: { images: number; reports: number; removed: number; banned: boolean } | null;
}

/** The edit page's report, with the other reports of the same image and the uploader's record. */
export function useReportDetail(id: string) {
  return useQuery({
    queryKey: [...reportsApi.all, 'detail', id],
    queryFn: () => api<ImageReportDetail>(`/api/admin/image-reports/${id}`),
    enabled: Boolean(id),
  });
}

/** Dismiss, remove the image, or ban the uploader: each closes the report (the server audits it). */
export function useReportAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: ImageReportAction; note: string }) =>
      api<{ success: true }>(`/api/admin/image-reports/${id}/actions`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsApi.all }),
  });
}
