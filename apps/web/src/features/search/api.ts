import type { AdminServer, AdminUser, MemberServerList, TicketPage } from '@hostdeck/contracts';
import { hasPermission } from '@hostdeck/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Page } from '../../lib/resource-api.ts';
import { settingsStore } from '../../lib/settings-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { useLookup } from '../profiles/api.ts';
import { serverKeys } from '../servers/api.ts';
import { ticketKeys } from '../tickets/api.ts';

export interface SearchHit {
  /** Unique in the dialog: the option's DOM id. */
  id: string;
  label: string;
  detail?: string;
  to: string;
}
export type GroupKey = 'pages' | 'members' | 'servers' | 'tickets' | 'users' | 'adminServers';
export interface SearchGroup {
  key: GroupKey;
  status: 'pending' | 'error' | 'success';
  hits: SearchHit[];
}

const LIMIT = 5;
/** The member's own ticket list has no search: one page of the newest, filtered here. */
const TICKETS_QS = 'per_page=100';

/** Case and accents do not matter: "cafe" finds "Café". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const matches = (text: string, q: string) => fold(text).includes(fold(q));

function group(key: GroupKey, query: UseQueryResult<SearchHit[]>): SearchGroup {
  return { key, status: query.status, hits: query.data ?? [] };
}

/**
 * The remote groups for a (debounced) query: members through lookup, the member's servers and
 * tickets while their feature is on, and for staff with the list permissions users and servers.
 * Each group is left out while it cannot be asked (no text, feature off, no permission).
 */
export function useRemoteGroups(q: string): SearchGroup[] {
  const permissions = useSession().data?.permissions ?? [];
  const on = (flag: string) => q !== '' && settingsStore.get(flag) !== false;
  const can = (permission: string) => q !== '' && hasPermission(permissions, permission);
  const adminQs = new URLSearchParams({ search: q, per_page: String(LIMIT) }).toString();

  const lookupable = q.length >= 2 && q.length <= 32;
  const members = useLookup(lookupable ? q : '');
  const servers = useQuery({
    queryKey: serverKeys.list,
    queryFn: () => api<MemberServerList>('/api/servers'),
    enabled: on('allow_servers'),
    select: (r): SearchHit[] =>
      r.data
        .filter((s) => matches(s.name, q))
        .slice(0, LIMIT)
        .map((s) => ({
          id: `server-${s.id}`,
          label: s.name,
          detail: `${s.location_name} · ${s.egg_name}`,
          to: `/server/${s.id}/update`,
        })),
  });
  const tickets = useQuery({
    queryKey: ticketKeys.list(TICKETS_QS),
    queryFn: () => api<TicketPage>(`/api/tickets?${TICKETS_QS}`),
    enabled: on('allow_tickets'),
    select: (r): SearchHit[] =>
      r.data
        .filter((x) => matches(x.subject, q) || `#${x.id}` === q || String(x.id) === q)
        .slice(0, LIMIT)
        .map((x) => ({ id: `ticket-${x.id}`, label: x.subject, detail: `#${x.id}`, to: `/ticket/${x.id}` })),
  });
  const users = useAdminSearch<AdminUser>('users', adminQs, can('admin.users.list'), (u) => ({
    id: `user-${u.id}`,
    label: u.username,
    detail: u.email,
    to: `/mc-admin/users/${u.id}/edit`,
  }));
  // The admin servers list has no page per server: it opens filtered on the name.
  const adminServers = useAdminSearch<AdminServer>('servers', adminQs, can('admin.servers.list'), (s) => ({
    id: `admin-server-${s.id}`,
    label: s.name,
    detail: s.owner_username,
    to: `/mc-admin/servers?${new URLSearchParams({ search: s.name })}`,
  }));

  const memberHits: SearchGroup = {
    key: 'members',
    status: members.status,
    hits: (members.data ?? []).slice(0, LIMIT).map((m) => ({
      id: `member-${m.uuid}`,
      label: m.username,
      detail: m.role_display_name,
      to: `/profile/${m.uuid}`,
    })),
  };
  return [
    lookupable ? memberHits : null,
    on('allow_servers') ? group('servers', servers) : null,
    on('allow_tickets') ? group('tickets', tickets) : null,
    can('admin.users.list') ? group('users', users) : null,
    can('admin.servers.list') ? group('adminServers', adminServers) : null,
  ].filter((g): g is SearchGroup => g !== null);
}

/** An admin list's search (its first page), under the same query key as the list pages (resourceApi). */
function useAdminSearch<T>(name: string, qs: string, enabled: boolean, toHit: (item: T) => SearchHit) {
  return useQuery({
    queryKey: ['admin', name, 'list', qs],
    queryFn: () => api<Page<T>>(`/api/admin/${name}?${qs}`),
    enabled,
    select: (r) => r.data.map(toHit),
  });
}

/** The pages whose translated label holds the query (the caller passes those the member may see). */
export function pageHits(pages: { path: string; label: string }[], q: string): SearchHit[] {
  if (!q) return [];
  return pages
    .filter((p) => matches(p.label, q))
    .slice(0, 8)
    .map((p) => ({ id: `page-${p.path}`, label: p.label, to: p.path }));
}
