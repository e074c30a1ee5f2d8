import type {
  AdminTicket,
  AdminTicketDetail,
  AdminTicketUpdate,
  TicketDesk,
  TicketDetail,
  TicketOptions,
  TicketPage,
} from '@hostdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Page } from '../../lib/resource-api.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { ticketUnreadKey } from '../top-bar/unread.ts';

/** Member queries live under ['tickets'], the desk's under ['admin', 'tickets']: one invalidation each. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (qs: string) => ['tickets', 'list', qs] as const,
  options: ['tickets', 'options'] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};
export const deskKeys = {
  all: ['admin', 'tickets'] as const,
  list: (qs: string) => ['admin', 'tickets', 'list', qs] as const,
  detail: (id: string) => ['admin', 'tickets', 'item', id] as const,
  desk: ['admin', 'tickets', 'desk'] as const,
};

/** Fields and files as multipart/form-data; empty values are left out. */
export function ticketForm(fields: Record<string, string | number | boolean | null | undefined>, files: File[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

export function useTickets(params: URLSearchParams) {
  const qs = params.toString();
  return useQuery({
    queryKey: ticketKeys.list(qs),
    queryFn: () => api<TicketPage>(qs ? `/api/tickets?${qs}` : '/api/tickets'),
    placeholderData: keepPreviousData,
  });
}

export function useTicketOptions() {
  return useQuery({
    queryKey: ticketKeys.options,
    queryFn: () => api<TicketOptions>('/api/tickets/options'),
  });
}

export function useTicket(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: async () => {
      const { data } = await api<{ data: TicketDetail }>(`/api/tickets/${id}`);
      // Reading it marked its staff replies read on the server: the bell asks again.
      void client.invalidateQueries({ queryKey: ticketUnreadKey });
      return data;
    },
    enabled: Boolean(id),
  });
}

/**
 * Every change answers the whole ticket: it replaces the cached one, and the lists load again.
 * `counts`: the change moves the open-ticket count of the session (its stats), which loads again.
 */
function useTicketWrite<V>(send: (v: V) => Promise<{ data: TicketDetail }>, counts = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send(v).then((r) => r.data),
    onSuccess: (ticket) => {
      client.setQueryData(ticketKeys.detail(String(ticket.id)), ticket);
      void client.invalidateQueries({ queryKey: ['tickets', 'list'] });
      void client.invalidateQueries({ queryKey: ticketKeys.options });
      if (counts) void sessionManager.reload();
    },
  });
}

export function useCreateTicket() {
  return useTicketWrite((form: FormData) => api('/api/tickets', { method: 'POST', form }), true);
}

export function useTicketReply(id: string) {
  return useTicketWrite((form: FormData) => api(`/api/tickets/${id}/messages`, { method: 'POST', form }));
}

export function useTicketAction(id: string, action: 'close' | 'reopen') {
  return useTicketWrite(() => api(`/api/tickets/${id}/${action}`, { method: 'POST' }), true);
}

// The staff desk.
export function useDeskTickets(params: URLSearchParams) {
  const qs = params.toString();
  return useQuery({
    queryKey: deskKeys.list(qs),
    queryFn: () => api<Page<AdminTicket>>(qs ? `/api/admin/tickets?${qs}` : '/api/admin/tickets'),
    placeholderData: keepPreviousData,
  });
}

export function useDeskTicket(id: string) {
  return useQuery({
    queryKey: deskKeys.detail(id),
    queryFn: () => api<{ data: AdminTicketDetail }>(`/api/admin/tickets/${id}`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export function useDesk() {
  return useQuery({ queryKey: deskKeys.desk, queryFn: () => api<TicketDesk>('/api/admin/tickets/desk') });
}

function useDeskWrite<V>(id: string, send: (v: V) => Promise<{ data: AdminTicketDetail }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send(v).then((r) => r.data),
    onSuccess: (ticket) => {
      client.setQueryData(deskKeys.detail(id), ticket);
      void client.invalidateQueries({ queryKey: ['admin', 'tickets', 'list'] });
    },
  });
}

export function useStaffReply(id: string) {
  return useDeskWrite(id, (form: FormData) => api(`/api/admin/tickets/${id}/messages`, { method: 'POST', form }));
}

export function useUpdateDeskTicket(id: string) {
  return useDeskWrite(id, (body: AdminTicketUpdate) => api(`/api/admin/tickets/${id}`, { method: 'PATCH', body }));
}
