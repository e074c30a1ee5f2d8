import { type AdminTicket, adminTicketFilters, ticketPriorities, ticketStatuses } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { useDesk, useDeskTickets } from './api.ts';
import { LastReply, TicketPriority, TicketStatusBadge } from './ticket-parts.tsx';

export const deskSelect =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** /mc-admin/tickets: every ticket, filtered by status, priority, department and assignee (all kept in the URL). */
export function AdminTicketsList() {
  const { t } = useTranslation();
  const list = useListParams(adminTicketFilters);
  const query = useDeskTickets(list.params);
  const desk = useDesk();
  const filter = (key: string, label: string, options: [string, string][]) => (
    <select
      className={deskSelect}
      value={list.get(key)}
      onChange={(e) => list.set({ [key]: e.target.value })}
      aria-label={label}
      data-testid={`desk-filter-${key}`}
    >
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
  return (
    <ResourceList<AdminTicket>
      title={t('admin.nav.tickets')}
      list={list}
      query={query}
      rowKey={(x) => String(x.id)}
      filters={
        <>
          {filter('status', t('adminTickets.filters.status'), [
            ['', t('tickets.anyStatus')],
            ...ticketStatuses.map((s): [string, string] => [s, t(`tickets.status.${s}`)]),
          ])}
          {filter('priority', t('adminTickets.filters.priority'), [
            ['', t('adminTickets.filters.anyPriority')],
            ...ticketPriorities.map((p): [string, string] => [p, t(`tickets.priority.${p}`)]),
          ])}
          {filter('department_id', t('adminTickets.filters.department'), [
            ['', t('adminTickets.filters.anyDepartment')],
            ...(desk.data?.departments ?? []).map((d): [string, string] => [String(d.id), d.name]),
          ])}
          {filter('assignee', t('adminTickets.filters.assignee'), [
            ['', t('adminTickets.filters.anyone')],
            ['me', t('adminTickets.filters.me')],
            ['unassigned', t('adminTickets.filters.unassigned')],
            ...(desk.data?.assignees ?? []).map((s): [string, string] => [s.id, s.username]),
          ])}
        </>
      }
      columns={[
        {
          key: 'subject',
          header: t('tickets.fields.subject'),
          sortable: true,
          render: (x) => (
            <Link
              to={`/mc-admin/tickets/${x.id}`}
              className="flex flex-col hover:underline"
              data-testid="desk-ticket-link"
            >
              <span className="font-semibold break-words">{x.subject}</span>
              <span className="text-xs text-muted">
                #{x.id} · {x.department.name}
              </span>
            </Link>
          ),
        },
        {
          key: 'member',
          header: t('adminTickets.member'),
          render: (x) => (
            <span className="flex flex-col text-xs">
              <span className="font-semibold">{x.member.username}</span>
              <span className="text-muted">{x.member.email}</span>
            </span>
          ),
        },
        {
          key: 'status',
          header: t('adminTickets.filters.status'),
          sortable: true,
          render: (x) => <TicketStatusBadge status={x.status} />,
        },
        {
          key: 'priority',
          header: t('adminTickets.filters.priority'),
          sortable: true,
          render: (x) => <TicketPriority priority={x.priority} />,
        },
        {
          key: 'assignee',
          header: t('adminTickets.filters.assignee'),
          render: (x) => (
            <span className="text-xs" data-testid="desk-assignee">
              {x.assignee?.username ?? <span className="text-muted">{t('adminTickets.filters.unassigned')}</span>}
            </span>
          ),
        },
        {
          key: 'last_reply_at',
          header: t('adminTickets.lastReply'),
          sortable: true,
          render: (x) => <LastReply at={x.last_reply_at} by={x.last_reply_by} desk />,
        },
      ]}
    />
  );
}
