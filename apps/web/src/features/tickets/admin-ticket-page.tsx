import { type AdminTicketDetail, staffTicketStatuses, ticketPriorities } from '@hostdeck/contracts';
import { Lock, Mail, SearchX, Server } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { deskSelect } from './admin-tickets-list.tsx';
import { ticketForm, useDesk, useDeskTicket, useStaffReply, useUpdateDeskTicket } from './api.ts';
import { ReplyBox } from './reply-box.tsx';
import { Conversation, TicketStatusBadge } from './ticket-parts.tsx';

/**
 * /mc-admin/tickets/:id: the whole conversation with internal notes set apart, a reply form that
 * switches to "internal note" (never shown to the member, never mailed), and the status, priority
 * and assignee controls.
 */
export function AdminTicketPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ticket = useDeskTicket(id);
  const reply = useStaffReply(id);
  const [internal, setInternal] = useState(false);
  const switchId = useId();
  if (ticket.isPending) return <Loading label={t('common.loading')} />;
  if (ticket.error instanceof ApiError && ticket.error.status === 404)
    return (
      <StatePanel
        icon={SearchX}
        testId="ticket-missing"
        title={t('tickets.missingTitle')}
        message={t('adminTickets.missing')}
        back="/mc-admin/tickets"
        backLabel={t('adminTickets.back')}
      />
    );
  if (ticket.isError) return <LoadError error={ticket.error} />;
  const data = ticket.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-5 lg:grid-cols-[1fr_18rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <PageHeader
          title={data.subject}
          subtitle={`#${data.id} · ${data.department.name}`}
          back="/mc-admin/tickets"
          backLabel={t('adminTickets.back')}
        />
        <Conversation messages={data.messages} />
        <ReplyBox
          label={internal ? t('adminTickets.noteLabel') : t('adminTickets.replyLabel')}
          submitLabel={internal ? t('adminTickets.addNote') : t('adminTickets.sendReply')}
          tone={internal ? 'note' : 'plain'}
          pending={reply.isPending}
          error={reply.error}
          onSend={(message, files) => reply.mutateAsync(ticketForm({ message, internal }, files))}
          extra={
            <label
              htmlFor={switchId}
              className="mr-auto inline-flex cursor-pointer items-center gap-2 text-sm font-medium"
            >
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                aria-checked={internal}
                checked={internal}
                onChange={(e) => setInternal(e.target.checked)}
                className="size-4 accent-amber-500"
                data-testid="ticket-internal-switch"
              />
              <Lock className="size-4 text-amber-500" aria-hidden />
              {t('adminTickets.internalSwitch')}
            </label>
          }
        />
        {internal ? (
          <p className="-mt-3 text-xs text-amber-700 dark:text-amber-300">{t('adminTickets.internalHint')}</p>
        ) : (
          <p className="-mt-3 text-xs text-muted">{t('adminTickets.replyHint')}</p>
        )}
      </div>
      <TicketControls ticket={data} />
    </div>
  );
}

function TicketControls({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const desk = useDesk();
  const update = useUpdateDeskTicket(String(ticket.id));
  const ids = { status: useId(), priority: useId(), assignee: useId() };
  const failure =
    update.error instanceof ApiError ? t(`errors.${update.error.code}`, { defaultValue: update.error.message }) : null;
  const label = 'text-xs font-semibold text-muted uppercase';
  return (
    <aside className="surface flex h-fit flex-col gap-4 p-4" data-testid="ticket-controls">
      <div className="flex items-center justify-between">
        <TicketStatusBadge status={ticket.status} />
        <span className="text-xs text-muted">{t('tickets.opened', { date: f.dateTime(ticket.created_at) })}</span>
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.status} className={label}>
          {t('adminTickets.filters.status')}
        </label>
        <select
          id={ids.status}
          className={deskSelect}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ status: e.target.value as (typeof staffTicketStatuses)[number] })}
          data-testid="ticket-status-select"
        >
          {/* "Replied" follows a public reply; it is shown, not chosen. */}
          {ticket.status === 'replied' && (
            <option value="replied" disabled>
              {t('tickets.status.replied')}
            </option>
          )}
          {staffTicketStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`tickets.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.priority} className={label}>
          {t('adminTickets.filters.priority')}
        </label>
        <select
          id={ids.priority}
          className={deskSelect}
          value={ticket.priority}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ priority: e.target.value as (typeof ticketPriorities)[number] })}
          data-testid="ticket-priority-control"
        >
          {ticketPriorities.map((p) => (
            <option key={p} value={p}>
              {t(`tickets.priority.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.assignee} className={label}>
          {t('adminTickets.filters.assignee')}
        </label>
        <select
          id={ids.assignee}
          className={deskSelect}
          value={ticket.assignee?.id ?? ''}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ assignee_id: e.target.value || null })}
          data-testid="ticket-assignee-control"
        >
          <option value="">{t('adminTickets.filters.unassigned')}</option>
          {/* The current assignee stays listed even if they can no longer take tickets. */}
          {ticket.assignee && !desk.data?.assignees.some((s) => s.id === ticket.assignee?.id) && (
            <option value={ticket.assignee.id}>{ticket.assignee.username}</option>
          )}
          {(desk.data?.assignees ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.username} ({s.role_display_name})
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
        <span className={label}>{t('adminTickets.member')}</span>
        <span className="font-semibold">{ticket.member.username}</span>
        <a
          href={`mailto:${ticket.member.email}`}
          className="inline-flex items-center gap-1.5 text-xs text-brand-600 dark:text-brand-300"
        >
          <Mail className="size-3.5" aria-hidden /> {ticket.member.email}
        </a>
        {ticket.server && (
          <span className="inline-flex items-center gap-1.5 text-xs">
            <Server className="size-3.5 text-muted" aria-hidden /> {ticket.server.name}
          </span>
        )}
      </div>
    </aside>
  );
}
