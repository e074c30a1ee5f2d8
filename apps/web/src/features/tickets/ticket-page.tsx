import { Lock, RotateCcw, SearchX, Server, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { LoadError, PageHeader, StatePanel } from '../servers/page-parts.tsx';
import { ticketForm, useTicket, useTicketAction, useTicketReply } from './api.ts';
import { ReplyBox } from './reply-box.tsx';
import { Conversation, TicketPriority, TicketStatusBadge } from './ticket-parts.tsx';
import { isOff, TicketsOff } from './tickets-page.tsx';

/**
 * /ticket/{id}: the conversation (staff answers marked as staff), a reply box with files, close and
 * reopen. A closed ticket takes no reply until it is reopened — the server holds the same rule.
 */
export function TicketPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { id = '' } = useParams();
  const enabled = useSetting<boolean>('allow_tickets') !== false;
  const ticket = useTicket(id);
  const reply = useTicketReply(id);
  const close = useTicketAction(id, 'close');
  const reopen = useTicketAction(id, 'reopen');
  if (!enabled || isOff(ticket.error)) return <TicketsOff />;
  if (ticket.isPending) return <Loading label={t('common.loading')} />;
  if (ticket.error instanceof ApiError && ticket.error.status === 404)
    return (
      <StatePanel
        icon={SearchX}
        testId="ticket-missing"
        title={t('tickets.missingTitle')}
        message={t('tickets.missing')}
        back="/ticket"
        backLabel={t('tickets.back')}
      />
    );
  if (ticket.isError) return <LoadError error={ticket.error} />;
  const data = ticket.data;
  const closed = data.status === 'closed';
  const failed = [close.error, reopen.error].find((e) => e instanceof ApiError) as ApiError | undefined;
  const actionError = failed ? t(`errors.${failed.code}`, { defaultValue: failed.message }) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title={data.subject} back="/ticket" backLabel={t('tickets.back')} />
      <section className="surface flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm" data-testid="ticket-meta">
        <span className="font-mono text-muted">#{data.id}</span>
        <TicketStatusBadge status={data.status} />
        <TicketPriority priority={data.priority} />
        <span>{data.department.name}</span>
        {data.server && (
          <span className="inline-flex items-center gap-1.5">
            <Server className="size-4 text-muted" aria-hidden /> {data.server.name}
          </span>
        )}
        <span className="ml-auto text-xs text-muted">{t('tickets.opened', { date: f.dateTime(data.created_at) })}</span>
      </section>
      <Conversation messages={data.messages} />
      {actionError && <Alert>{actionError}</Alert>}
      {closed ? (
        <Notice
          icon={Lock}
          tone="slate"
          testId="ticket-closed"
          title={t('tickets.closedTitle')}
          actions={
            <Button
              variant="secondary"
              data-testid="ticket-reopen"
              disabled={reopen.isPending}
              onClick={() => reopen.mutate(undefined)}
            >
              <RotateCcw className="size-4" aria-hidden /> {t('tickets.reopen')}
            </Button>
          }
        >
          {t('tickets.closedMessage')}
        </Notice>
      ) : (
        <ReplyBox
          label={t('tickets.replyLabel')}
          submitLabel={t('tickets.send')}
          pending={reply.isPending}
          error={reply.error}
          onSend={(message, files) => reply.mutateAsync(ticketForm({ message }, files))}
          extra={
            <Button
              variant="ghost"
              data-testid="ticket-close"
              disabled={close.isPending}
              onClick={() => close.mutate(undefined)}
            >
              <XCircle className="size-4" aria-hidden /> {t('tickets.close')}
            </Button>
          }
        />
      )}
    </div>
  );
}
