import type {
  MailOutboxDetail,
  MailOutboxItem,
  MailTemplate,
  MailTemplateKey,
  MailTemplateSummary,
  MailTemplateUpdate,
} from '@hostdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Page } from '../../lib/resource-api.ts';

const templatesKey = ['admin', 'mail-templates'] as const;
const outboxKey = ['admin', 'mail-outbox'] as const;
const base = '/api/admin/mail-templates';

export function useMailTemplates() {
  return useQuery({
    queryKey: [...templatesKey, 'list'],
    queryFn: () => api<{ data: MailTemplateSummary[] }>(base).then((r) => r.data),
  });
}

export function useMailTemplate(key: string) {
  return useQuery({
    queryKey: [...templatesKey, 'item', key],
    queryFn: () => api<{ data: MailTemplate }>(`${base}/${key}`).then((r) => r.data),
  });
}

export function useSaveMailTemplate(key: MailTemplateKey | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MailTemplateUpdate) =>
      api<{ data: MailTemplate }>(`${base}/${key}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** "Reset to default": deletes the staff override. */
export function useResetMailTemplate(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: true }>(`${base}/${key}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export type OutboxPage = Page<MailOutboxItem> & { smtp_configured: boolean; held: number; failed: number };

export function useOutbox(params: URLSearchParams) {
  const qs = params.toString();
  return useQuery({
    queryKey: [...outboxKey, 'list', qs],
    queryFn: () => api<OutboxPage>(`/api/admin/mail/outbox${qs ? `?${qs}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMail(id: string) {
  return useQuery({
    queryKey: [...outboxKey, 'item', id],
    queryFn: () => api<{ data: MailOutboxDetail }>(`/api/admin/mail/outbox/${id}`).then((r) => r.data),
  });
}

export function useRetryMail(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ data: MailOutboxItem }>(`/api/admin/mail/outbox/${id}/retry`, { method: 'POST', body: {} }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
}

export function useSendTestMail() {
  return useMutation({
    mutationFn: (to: string | undefined) =>
      api<{ success: true; to: string }>('/api/admin/mail/test', { method: 'POST', body: to ? { to } : {} }),
  });
}
