import { ticketStatuses } from '@hostdeck/contracts';
import { Inbox, LifeBuoy, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { LoadError, linkButton, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { useTickets } from './api.ts';
import { LastReply, TicketPriority, TicketStatusBadge } from './ticket-parts.tsx';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Tickets switched off on the panel (the setting, or the server said so). */
export function TicketsOff() {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={LifeBuoy}
      tone="amber"
      testId="tickets-off"
      title={t('tickets.offTitle')}
      message={t('tickets.offMessage')}
    />
  );
}

export const isOff = (error: unknown) => error instanceof ApiError && error.code === 'FEATURE_DISABLED';

/** /ticket: my tickets, latest reply first, with their state and who answered last. */
export function TicketsPage() {
  const { t } = useTranslation();
  const enabled = useSetting<boolean>('allow_tickets') !== false;
  const [search, setSearch] = useSearchParams();
  const params = new URLSearchParams([...search].filter(([k, v]) => ['page', 'status'].includes(k) && v !== ''));
  const query = useTickets(params);
  if (!enabled || isOff(query.error)) return <TicketsOff />;
  const page = query.data;
  const full = page ? page.open >= page.max_open : false;
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(search);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setSearch(next, { replace: true });
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title={t('tickets.title')} subtitle={t('tickets.subtitle')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <select
          className={select}
          value={search.get('status') ?? ''}
          onChange={(e) => set('status', e.target.value)}
          aria-label={t('tickets.filterStatus')}
          data-testid="ticket-status-filter"
        >
          <option value="">{t('tickets.anyStatus')}</option>
          {ticketStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`tickets.status.${s}`)}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap items-center gap-3">
          {page && (
            <span className="text-xs text-muted" data-testid="ticket-open-count">
              {t('tickets.openCount', { open: page.open, max: page.max_open })}
            </span>
          )}
          {full ? (
            <span className="text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="ticket-limit">
              {t('tickets.limitReached')}
            </span>
          ) : (
            <Link to="/ticket/create" className={linkButton} data-testid="ticket-new">
              <Plus className="size-4" aria-hidden /> {t('tickets.new')}
            </Link>
          )}
        </div>
      </div>
      {query.isPending && <Loading label={t('common.loading')} />}
      {query.isError && <LoadError error={query.error} />}
      {page && page.data.length === 0 && (
        <section className="surface flex flex-col items-center gap-3 p-10 text-center" data-testid="tickets-empty">
          <Inbox className="size-10 text-slate-400" aria-hidden />
          <h2 className="text-lg font-semibold">{t('tickets.emptyTitle')}</h2>
          <p className="text-sm text-muted">{t('tickets.emptyMessage')}</p>
        </section>
      )}
      {page && page.data.length > 0 && (
        <ul className="surface divide-y divide-slate-200 dark:divide-slate-800" data-testid="tickets-list">
          {page.data.map((ticket) => (
            <li key={ticket.id}>
              <Link
                to={`/ticket/${ticket.id}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-500/5"
                data-testid="ticket-row"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{ticket.subject}</span>
                  <span className="text-xs text-muted">
                    #{ticket.id} · {ticket.department.name}
                  </span>
                </span>
                <TicketPriority priority={ticket.priority} />
                <TicketStatusBadge status={ticket.status} />
                <LastReply at={ticket.last_reply_at} by={ticket.last_reply_by} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page && page.total_pages > 1 && (
        <nav className="flex items-center justify-between text-sm" aria-label={t('resource.pages')}>
          <span className="text-muted">
            {t('resource.pageOf', { page: page.page, pages: page.total_pages, total: page.total })}
          </span>
          <div className="flex gap-2">
            {[
              [page.page - 1, page.page <= 1, 'resource.previous'],
              [page.page + 1, page.page >= page.total_pages, 'resource.next'],
            ].map(([to, off, label]) => (
              <button
                key={String(label)}
                type="button"
                disabled={Boolean(off)}
                onClick={() => set('page', String(to))}
                className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
              >
                {t(String(label))}
              </button>
            ))}
          </div>
        </nav>
      )}
    </div>
  );
}
