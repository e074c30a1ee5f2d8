import type { StaffTicketMessage, TicketAttachment, TicketMessage } from '@hostdeck/contracts';
import { FileText, Headset, Lock, Paperclip, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { intlLocale, useFormat } from '../../lib/format.ts';

/** A text box or select of the ticket forms. */
export const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500';

const statusTones: Record<string, string> = {
  open: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  in_progress: 'bg-indigo-500/15 text-indigo-700 dark:text-indigo-300',
  waiting_on_user: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  replied: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  closed: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
};
const priorityTones: Record<string, string> = {
  low: 'text-muted',
  medium: 'text-sky-600 dark:text-sky-300',
  high: 'text-amber-700 dark:text-amber-300',
  urgent: 'text-rose-600 dark:text-rose-400 font-bold',
};

export function TicketStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="ticket-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTones[status] ?? statusTones.closed}`}
    >
      {t(`tickets.status.${status}`)}
    </span>
  );
}

export function TicketPriority({ priority }: { priority: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid="ticket-priority" className={`text-xs font-semibold uppercase ${priorityTones[priority] ?? ''}`}>
      {t(`tickets.priority.${priority}`)}
    </span>
  );
}

/** "4.2 MB", "512 kB" in the member's language. */
export function useBytes() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language ?? 'en');
  return (bytes: number) => {
    const [unit, value] =
      bytes >= 1024 * 1024
        ? (['megabyte', bytes / 1024 / 1024] as const)
        : (['kilobyte', Math.max(bytes / 1024, 0.1)] as const);
    return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  };
}

function AttachmentLink({ file }: { file: TicketAttachment }) {
  const bytes = useBytes();
  if (file.content_type.startsWith('image/'))
    return (
      <a
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        className="group flex flex-col gap-1"
        data-testid="ticket-attachment"
      >
        {/* A fixed box (the picture is cropped to it): nothing moves when it arrives. */}
        <LazyImage
          src={file.url}
          alt={file.file_name}
          className="h-24 w-48 rounded-lg border border-slate-300 object-cover group-hover:border-brand-400 dark:border-slate-700"
        />
        <span className="max-w-48 truncate text-xs text-muted">{file.file_name}</span>
      </a>
    );
  return (
    <a
      href={file.url}
      download={file.file_name}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-xs hover:border-brand-400 dark:border-slate-700"
      data-testid="ticket-attachment"
    >
      <FileText className="size-4 text-muted" aria-hidden />
      <span className="max-w-48 truncate font-medium">{file.file_name}</span>
      <span className="text-muted">{bytes(file.size)}</span>
    </a>
  );
}

/**
 * The conversation, oldest first. Staff messages carry a "Staff" mark; internal notes (desk only)
 * are set apart with a dashed amber frame and a lock, so nobody mistakes one for a reply.
 */
export function Conversation({ messages }: { messages: (TicketMessage | StaffTicketMessage)[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ol className="flex flex-col gap-3" aria-label={t('tickets.conversation')} data-testid="ticket-conversation">
      {messages.map((m) => {
        const internal = 'internal' in m && m.internal;
        const frame = internal
          ? 'border-2 border-dashed border-amber-500/60 bg-amber-500/10'
          : m.from_staff
            ? 'border border-brand-400/50 bg-brand-500/5'
            : 'border border-slate-200 dark:border-slate-800';
        return (
          <li
            key={m.id}
            className={`flex flex-col gap-2 rounded-2xl p-4 ${frame}`}
            data-testid={internal ? 'ticket-note' : 'ticket-message'}
            data-from-staff={m.from_staff}
          >
            <header className="flex flex-wrap items-center gap-2 text-sm">
              {m.from_staff ? (
                <Headset className="size-4 text-brand-500" aria-hidden />
              ) : (
                <User className="size-4 text-muted" aria-hidden />
              )}
              <span className="font-semibold">{m.author ?? t('tickets.deletedUser')}</span>
              {m.from_staff && (
                <span className="rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:text-brand-300">
                  {t('tickets.staff')}
                </span>
              )}
              {internal && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/20 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
                  <Lock className="size-3" aria-hidden /> {t('adminTickets.internalNote')}
                </span>
              )}
              <time className="ml-auto text-xs text-muted" dateTime={m.created_at} title={f.dateTime(m.created_at)}>
                {f.relative(m.created_at)}
              </time>
            </header>
            <p className="text-sm break-words whitespace-pre-wrap">{m.body}</p>
            {m.attachments.length > 0 && (
              <div className="flex items-end gap-3">
                <Paperclip className="size-4 shrink-0 text-muted" aria-hidden />
                <ul className="flex flex-wrap items-end gap-3" aria-label={t('tickets.attachments')}>
                  {m.attachments.map((a) => (
                    <li key={a.id}>
                      <AttachmentLink file={a} />
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** "Staff replied 2 hours ago" / "You replied …" (the desk says "Member"). */
export function LastReply({ at, by, desk = false }: { at: string; by: 'member' | 'staff'; desk?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const key =
    by === 'staff' ? 'tickets.lastReplyStaff' : desk ? 'adminTickets.lastReplyMember' : 'tickets.lastReplyYou';
  return (
    <time
      className="text-xs whitespace-nowrap text-muted"
      dateTime={at}
      title={f.dateTime(at)}
      data-testid="ticket-last-reply"
    >
      {t(key, { when: f.relative(at) })}
    </time>
  );
}
