import { settingsByKey, type TicketOptions, ticketAttachmentTypes } from '@hostdeck/contracts';
import { FileText, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetting } from '../../lib/use-settings.ts';
import { useBytes } from './ticket-parts.tsx';

type Limits = TicketOptions['attachments'];
/** What the file dialog offers; the server still types every file from its bytes. */
const ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log,image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain';

/** The limits in force, from the public settings (their defaults until the settings have loaded). */
export function useAttachmentLimits(): Limits {
  const maxBytes = useSetting<unknown>('tickets_attachment_max_bytes');
  const maxCount = useSetting<unknown>('tickets_attachment_max_count');
  const value = (v: unknown, key: string) => (typeof v === 'number' ? v : Number(settingsByKey.get(key)?.default ?? 0));
  return {
    max_bytes: value(maxBytes, 'tickets_attachment_max_bytes'),
    max_count: value(maxCount, 'tickets_attachment_max_count'),
    types: [...ticketAttachmentTypes],
  };
}

/** A stable key for each chosen file (the same name may be chosen twice). */
const fileKeys = new WeakMap<File, number>();
let nextKey = 0;
const keyOf = (file: File) => {
  if (!fileKeys.has(file)) fileKeys.set(file, ++nextKey);
  return fileKeys.get(file);
};

/** A picture's preview while it is chosen (the object URL is released when it goes). */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? (
    <img src={url} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
  ) : (
    <FileText className="size-12 shrink-0 rounded-lg bg-slate-500/10 p-3 text-muted" aria-hidden />
  );
}

/**
 * Files for a ticket message: the limits said up front, each file previewed with its size, files
 * over the size limit or past the count refused here already (the server enforces both anyway).
 */
export function AttachmentPicker({
  files,
  onChange,
  limits,
  disabled = false,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  limits: Limits;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const bytes = useBytes();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  if (limits.max_count === 0) return null;
  const add = (chosen: File[]) => {
    const tooBig = chosen.filter((f) => f.size > limits.max_bytes);
    const fitting = chosen.filter((f) => f.size <= limits.max_bytes && f.size > 0);
    const room = Math.max(0, limits.max_count - files.length);
    const problems = [
      ...tooBig.map((f) => t('tickets.fileTooBig', { name: f.name, size: bytes(limits.max_bytes) })),
      ...(fitting.length > room ? [t('tickets.tooManyFiles', { count: limits.max_count })] : []),
    ];
    setProblem(problems.length ? problems.join(' ') : null);
    onChange([...files, ...fitting.slice(0, room)]);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="attachment-picker">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700 ${disabled || files.length >= limits.max_count ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Paperclip className="size-4" aria-hidden /> {t('tickets.attach')}
        </label>
        <input
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled || files.length >= limits.max_count}
          data-testid="attachment-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <p className="text-xs text-muted" data-testid="attachment-limits">
          {t('tickets.attachLimits', { count: limits.max_count, size: bytes(limits.max_bytes) })}
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-xs font-medium text-danger">
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {files.map((file, i) => (
            <li
              key={keyOf(file)}
              className="flex items-center gap-2 rounded-xl border border-slate-200 p-2 pr-3 text-xs dark:border-slate-800"
              data-testid="attachment-chosen"
            >
              <Preview file={file} />
              <span className="flex flex-col">
                <span className="max-w-40 truncate font-medium">{file.name}</span>
                <span className="text-muted">{bytes(file.size)}</span>
              </span>
              <button
                type="button"
                className="rounded-lg p-1 hover:bg-slate-500/10"
                aria-label={t('tickets.removeFile', { name: file.name })}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
