import { type MailOutboxItem, type MailOutboxStatus, mailOutboxStatuses } from '@hostdeck/contracts';
import { MailWarning, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Notice, noticeLink } from '../../components/ui/notice.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { filterSelect } from '../admin/resource/enabled-filter.tsx';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { useOutbox, useOutboxMail, useRetryMail } from './api.ts';
import { MailPreview } from './mail-preview.tsx';
import { MailTabs } from './mail-tabs.tsx';

export const OUTBOX = '/mc-admin/mail-outbox';
const tones: Record<MailOutboxStatus, string> = {
  pending: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  held: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  sent: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  logged: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
  failed: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
};
const retryable = (m: Pick<MailOutboxItem, 'status'>) => m.status === 'failed' || m.status === 'pending';

function Status({ status }: { status: MailOutboxStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}>
      {t(`mailTemplates.outbox.status.${status}`)}
    </span>
  );
}

/** The template a mail was written from, by its translated name ("written in code" for older mails). */
function TemplateName({ template }: { template: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {template
        ? t(`mailTemplates.names.${template}`, { defaultValue: template })
        : t('mailTemplates.outbox.noTemplate')}
    </>
  );
}

/** /mc-admin/mail-outbox: every outgoing mail with its state; held mails are explained (no SMTP yet). */
export function MailOutboxList() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['status']);
  const query = useOutbox(list.params);
  const canSettings = useCan('admin.settings.view');
  const page = query.data;
  return (
    <div className="flex flex-col gap-4">
      <MailTabs />
      {page && !page.smtp_configured && (
        <div className="mx-auto w-full max-w-6xl">
          <Notice
            icon={MailWarning}
            tone="amber"
            title={t('mailTemplates.outbox.noSmtpTitle')}
            testId="outbox-no-smtp"
            actions={
              canSettings && (
                <Link to="/mc-admin/settings" className={noticeLink}>
                  {t('mailTemplates.outbox.openSettings')}
                </Link>
              )
            }
          >
            {t('mailTemplates.outbox.noSmtp', { count: page.held })}
          </Notice>
        </div>
      )}
      <ResourceList<MailOutboxItem>
        title={t('mailTemplates.outbox.title')}
        list={list}
        query={query}
        rowKey={(m) => m.id}
        filters={
          <select
            className={filterSelect}
            value={list.get('status')}
            onChange={(e) => list.set({ status: e.target.value })}
            aria-label={t('mailTemplates.outbox.columns.status')}
            data-testid="outbox-status-filter"
          >
            <option value="">{t('mailTemplates.outbox.anyStatus')}</option>
            {mailOutboxStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`mailTemplates.outbox.status.${s}`)}
              </option>
            ))}
          </select>
        }
        columns={[
          {
            key: 'to',
            header: t('mailTemplates.outbox.columns.to'),
            render: (m) => <span className="whitespace-nowrap">{m.to}</span>,
          },
          { key: 'subject', header: t('mailTemplates.outbox.columns.subject'), render: (m) => m.subject },
          {
            key: 'template',
            header: t('mailTemplates.outbox.columns.template'),
            render: (m) => <TemplateName template={m.template} />,
          },
          {
            key: 'status',
            header: t('mailTemplates.outbox.columns.status'),
            render: (m) => <Status status={m.status} />,
          },
          { key: 'attempts', header: t('mailTemplates.outbox.columns.attempts'), render: (m) => m.attempts },
          {
            key: 'last_error',
            header: t('mailTemplates.outbox.columns.lastError'),
            render: (m) =>
              m.last_error ? (
                <span className="line-clamp-2 text-xs text-rose-600 dark:text-rose-400" title={m.last_error}>
                  {m.last_error}
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'created_at',
            header: t('mailTemplates.outbox.columns.created'),
            render: (m) => <span className="text-xs whitespace-nowrap">{f.dateTime(m.created_at)}</span>,
          },
          {
            key: 'sent_at',
            header: t('mailTemplates.outbox.columns.sent'),
            render: (m) => <span className="text-xs whitespace-nowrap">{m.sent_at ? f.dateTime(m.sent_at) : '—'}</span>,
          },
        ]}
        actions={(m) => (
          <RowLink to={`${OUTBOX}/${m.id}`} testId="view-mail">
            {t('mailTemplates.outbox.view')}
          </RowLink>
        )}
      />
    </div>
  );
}

/** /mc-admin/mail-outbox/:id: one mail's details and content (sandboxed preview), with a retry for a failed one. */
export function MailOutboxView() {
  const { t } = useTranslation();
  const f = useFormat();
  const { id = '' } = useParams();
  const query = useOutboxMail(id);
  const retry = useRetryMail(id);
  const canRetry = useCan('admin.mail.templates.edit');
  if (query.isPending) return <Loading label={t('common.loading')} />;
  if (query.isError)
    return <Alert>{t(`errors.${query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR'}`)}</Alert>;
  const m = query.data;
  const facts: [string, ReactNode][] = [
    ['to', m.to],
    ['template', <TemplateName key="t" template={m.template} />],
    ['status', <Status key="s" status={m.status} />],
    ['attempts', m.attempts],
    ['created', f.dateTime(m.created_at)],
    ['sent', m.sent_at ? f.dateTime(m.sent_at) : '—'],
    ...(m.status === 'pending' ? ([['nextAttempt', f.dateTime(m.next_attempt_at)]] as [string, ReactNode][]) : []),
  ];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold break-words">{m.subject}</h1>
        <Link to={OUTBOX} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('mailTemplates.outbox.back')}
        </Link>
      </header>
      <dl className="surface grid grid-cols-2 gap-3 p-5 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted">{t(`mailTemplates.outbox.columns.${label}`)}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {m.last_error && (
        <Alert>
          {t('mailTemplates.outbox.columns.lastError')}: {m.last_error}
        </Alert>
      )}
      {retry.isSuccess && <Alert tone="success">{t('mailTemplates.outbox.retried')}</Alert>}
      {retry.error && (
        <Alert>{t(`errors.${retry.error instanceof ApiError ? retry.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {canRetry && retryable(m) && !retry.isSuccess && (
        <div>
          <Button onClick={() => retry.mutate()} disabled={retry.isPending} data-testid="retry-mail">
            <RotateCcw className="size-4" aria-hidden /> {t('mailTemplates.outbox.retry')}
          </Button>
        </div>
      )}
      <MailPreview subject={m.subject} html={m.html} text={m.text} />
    </div>
  );
}
