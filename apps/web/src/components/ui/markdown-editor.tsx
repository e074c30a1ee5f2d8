import { forwardRef, type TextareaHTMLAttributes, useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from './safe-markdown.tsx';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** The text as it is now (the preview follows it while typing). */
  preview: string;
  /** Words under the editor; a short Markdown reminder by default. */
  hint?: string;
  error?: string;
}

/**
 * A Markdown textarea with a live preview beside it (below it on phones), rendered by the same safe
 * renderer members see, so the preview shows exactly what will be published.
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, Props>(function MarkdownEditor(
  { label, preview, hint, error, className = '', rows = 14, id: givenId, ...props },
  ref,
) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  // Long texts stay responsive: the preview may lag a keystroke behind the textarea.
  const shown = useDeferredValue(preview);
  const help = hint ?? t('markdown.hint');
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="grid gap-3 lg:grid-cols-2">
        <textarea
          id={id}
          ref={ref}
          rows={rows}
          spellCheck
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-40 rounded-xl border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500"
          {...props}
        />
        <section
          aria-label={t('markdown.preview')}
          data-testid="markdown-preview"
          className="max-h-[32rem] min-h-40 overflow-y-auto rounded-xl border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <p className="mb-2 text-[10px] font-semibold tracking-wide text-muted uppercase" aria-hidden>
            {t('markdown.preview')}
          </p>
          {shown.trim() ? <SafeMarkdown>{shown}</SafeMarkdown> : <p className="text-muted">{t('markdown.empty')}</p>}
        </section>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
