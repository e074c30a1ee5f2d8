import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/ui/scroll-region.tsx';

/**
 * A mail as the recipient sees it. The HTML is staff-authored (or written from it), so it is shown
 * only inside an iframe with an empty sandbox: no scripts, no forms, no same-origin access, no
 * navigation of this page. The text part is shown as text.
 */
export function MailPreview({ subject, html, text }: { subject: string; html: string | null; text: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'html' | 'text'>(html === null ? 'text' : 'html');
  const tab = (active: boolean) =>
    `rounded-lg px-3 py-1 text-xs font-semibold ${active ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900' : 'text-muted'}`;
  return (
    <section className="surface flex flex-col gap-3 p-4" aria-label={t('mailTemplates.preview.title')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="text-muted">{t('mailTemplates.preview.subject')}: </span>
          <strong data-testid="preview-subject" className="break-words">
            {subject}
          </strong>
        </p>
        <div className="flex gap-1">
          {html !== null && (
            <button
              type="button"
              className={tab(view === 'html')}
              aria-pressed={view === 'html'}
              onClick={() => setView('html')}
            >
              {t('mailTemplates.preview.html')}
            </button>
          )}
          <button
            type="button"
            className={tab(view === 'text')}
            aria-pressed={view === 'text'}
            onClick={() => setView('text')}
          >
            {t('mailTemplates.preview.text')}
          </button>
        </div>
      </div>
      {view === 'html' && html !== null ? (
        <iframe
          title={t('mailTemplates.preview.title')}
          sandbox=""
          srcDoc={html}
          data-testid="mail-preview"
          className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : (
        <ScrollRegion
          as="pre"
          label={t('mailTemplates.preview.text')}
          testId="mail-text"
          className="max-h-[36rem] overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-900"
        >
          {text}
        </ScrollRegion>
      )}
    </section>
  );
}
