import { type MailTemplate, mailSampleValues, renderMailTemplate, unknownMailVariables } from '@hostdeck/contracts';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { FETCHING_TEXT } from '../../lib/settings-store.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { useMailTemplate, useSaveMailTemplate } from './api.ts';
import { MailPreview } from './mail-preview.tsx';
import { BASE, TemplateState } from './mail-templates-list.tsx';

const input =
  'w-full rounded-xl border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** /mc-admin/mail-templates/:id/edit */
export function MailTemplateEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMailTemplate(id);
  if (query.isPending) return <Loading label={t('common.loading')} />;
  if (query.isError)
    return <Alert>{t(`errors.${query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR'}`)}</Alert>;
  return <Editor key={query.data.key} template={query.data} />;
}

/**
 * Subject and HTML with the template's variables beside them (a click inserts one at the cursor),
 * unknown variables flagged while typing, and a live preview with sample values, rendered by the
 * same code the server uses.
 */
function Editor({ template }: { template: MailTemplate }) {
  const { t } = useTranslation();
  const canReset = useCan('admin.mail.templates.delete');
  const appName = useSetting<string>('app_name');
  const appLogo = useSetting<unknown>('app_logo');
  const save = useSaveMailTemplate(template.key);
  const [subject, setSubject] = useState(template.subject);
  const [html, setHtml] = useState(template.html);
  const [saved, setSaved] = useState<MailTemplate | null>(null);
  const current = saved ?? template;
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<'subject' | 'html'>('html');

  const allowed = template.variables.map((v) => v.name);
  const unknown = unknownMailVariables(`${subject}\n${html}`, allowed);
  // The preview follows the typing without holding it up.
  const previewSubject = useDeferredValue(subject);
  const previewHtml = useDeferredValue(html);
  const preview = useMemo(
    () =>
      renderMailTemplate(
        template.key,
        { subject: previewSubject, html: previewHtml },
        {
          ...mailSampleValues,
          app_name: appName && appName !== FETCHING_TEXT ? appName : (mailSampleValues.app_name ?? ''),
          app_url: window.location.origin,
          // The frame shows the logo as sent mails do (nothing while the settings load).
          app_logo: typeof appLogo === 'string' && appLogo !== FETCHING_TEXT ? appLogo : '',
        },
      ),
    [template.key, previewSubject, previewHtml, appName, appLogo],
  );
  const dirty = subject !== current.subject || html !== current.html;

  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const field = lastField.current;
    const el = field === 'subject' ? subjectRef.current : htmlRef.current;
    const value = field === 'subject' ? subject : html;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    (field === 'subject' ? setSubject : setHtml)(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = async () => {
    setSaved(null);
    try {
      setSaved(await save.mutateAsync({ subject, html, updated_at: current.updated_at }));
    } catch {
      // Shown from save.error below.
    }
  };
  const error =
    save.error instanceof ApiError ? t(`errors.${save.error.code}`) : save.error ? t('errors.SERVER_ERROR') : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-3 text-2xl font-bold">
            {t(`mailTemplates.names.${template.key}`)} <TemplateState edited={current.edited} />
          </h1>
          <p className="text-sm text-muted">{t(`mailTemplates.about.${template.key}`)}</p>
        </div>
        <Link to={BASE} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('mailTemplates.back')}
        </Link>
      </header>
      {saved && !dirty && <Alert tone="success">{t('mailTemplates.editor.saved')}</Alert>}
      {error && <Alert>{error}</Alert>}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form
          className="surface flex flex-col gap-4 p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('mailTemplates.editor.subject')}
            <input
              ref={subjectRef}
              className={input}
              value={subject}
              maxLength={200}
              onFocus={() => {
                lastField.current = 'subject';
              }}
              onChange={(e) => setSubject(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('mailTemplates.editor.html')}
            <textarea
              ref={htmlRef}
              className={`${input} min-h-80 font-mono text-xs`}
              value={html}
              spellCheck={false}
              onFocus={() => {
                lastField.current = 'html';
              }}
              onChange={(e) => setHtml(e.target.value)}
            />
          </label>
          {unknown.length > 0 && (
            <div
              role="status"
              data-testid="unknown-variables"
              className="flex items-start gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {t('mailTemplates.editor.unknown', { count: unknown.length })}{' '}
                {unknown.map((name) => (
                  <code key={name} className="mx-0.5 rounded bg-amber-500/20 px-1 font-mono">
                    {`{{${name}}}`}
                  </code>
                ))}
              </span>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            {canReset && current.edited ? (
              <Link
                to={`${BASE}/${template.key}/delete`}
                data-testid="reset-to-default"
                className="inline-flex items-center gap-2 text-sm font-semibold text-rose-600 hover:underline dark:text-rose-400"
              >
                <RotateCcw className="size-4" aria-hidden /> {t('mailTemplates.reset.action')}
              </Link>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={!dirty || save.isPending || subject.trim() === '' || html === ''}>
              {save.isPending ? t('common.working') : t('resource.save')}
            </Button>
          </div>
        </form>
        <aside className="surface flex flex-col gap-3 p-4" aria-labelledby="template-variables">
          <h2 id="template-variables" className="font-semibold">
            {t('mailTemplates.editor.variables')}
          </h2>
          <p className="text-xs text-muted">{t('mailTemplates.editor.variablesHint')}</p>
          <ul className="flex flex-col gap-2" data-testid="variables">
            {template.variables.map((v) => (
              <li key={v.name}>
                <button
                  type="button"
                  onClick={() => insert(v.name)}
                  aria-label={t('mailTemplates.editor.insert', { name: v.name })}
                  className="w-full rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-brand-500 dark:border-slate-700"
                >
                  <code className="font-mono text-xs font-semibold text-brand-700 dark:text-brand-300">{`{{${v.name}}}`}</code>
                  <span className="block text-xs text-muted">
                    {t(`mailTemplates.variables.${v.name}`, { defaultValue: v.description })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <p className="text-xs text-muted">{t('mailTemplates.preview.sample')}</p>
      <MailPreview subject={preview.subject} html={preview.html} text={preview.text} />
    </div>
  );
}
