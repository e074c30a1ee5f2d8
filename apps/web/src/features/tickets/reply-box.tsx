import { TICKET_MESSAGE_MAX } from '@hostdeck/contracts';
import { Send } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { AttachmentPicker, useAttachmentLimits } from './attachment-picker.tsx';
import { box } from './ticket-parts.tsx';

/** The reply form of a ticket (member and desk): a message, files, and whatever `extra` the page adds. */
export function ReplyBox({
  onSend,
  pending,
  error,
  label,
  submitLabel,
  extra,
  tone = 'plain',
}: {
  onSend: (message: string, files: File[]) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  label: string;
  submitLabel: string;
  extra?: ReactNode;
  /** An internal note is written in a frame like the one it will be shown in. */
  tone?: 'plain' | 'note';
}) {
  const { t } = useTranslation();
  const id = useId();
  const limits = useAttachmentLimits();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const failure =
    error instanceof ApiError
      ? t(`errors.${error.code}`, { defaultValue: error.message })
      : error
        ? t('errors.SERVER_ERROR')
        : null;
  const frame = tone === 'note' ? 'border-2 border-dashed border-amber-500/60 bg-amber-500/5' : '';
  return (
    <form
      className={`surface flex flex-col gap-3 p-4 ${frame}`}
      data-testid="ticket-reply-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!message.trim() || pending) return;
        void onSend(message.trim(), files).then(
          () => {
            setMessage('');
            setFiles([]);
          },
          () => undefined,
        );
      }}
    >
      {failure && <Alert>{failure}</Alert>}
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <textarea
        id={id}
        rows={5}
        maxLength={TICKET_MESSAGE_MAX}
        className={box}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        data-testid="ticket-reply"
      />
      <AttachmentPicker files={files} onChange={setFiles} limits={limits} disabled={pending} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {extra}
        <Button type="submit" data-testid="ticket-reply-submit" disabled={pending || !message.trim()}>
          <Send className="size-4" aria-hidden />
          {pending ? t('common.working') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
