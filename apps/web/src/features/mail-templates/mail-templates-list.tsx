import { Lock, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { RowLink } from '../admin/resource/resource-list.tsx';
import { useMailTemplate, useMailTemplates, useResetMailTemplate } from './api.ts';
import { MailTabs } from './mail-tabs.tsx';

export const BASE = '/mc-admin/mail-templates';

const errorText = (t: (k: string) => string, err: unknown) =>
  t(`errors.${err instanceof ApiError ? err.code : 'SERVER_ERROR'}`);

/** "Edited" (a staff override exists) or "Default". */
export function TemplateState({ edited }: { edited: boolean }) {
  const { t } = useTranslation();
  return edited ? (
    <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-700 dark:text-amber-300">
      {t('mailTemplates.state.edited')}
    </span>
  ) : (
    <span className="rounded-full bg-slate-500/15 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">
      {t('mailTemplates.state.default')}
    </span>
  );
}

/** /mc-admin/mail-templates: the fixed set of 11 mails, each edited or at its default. */
export function MailTemplatesList() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useMailTemplates();
  const canEdit = useCan('admin.mail.templates.edit');
  const canReset = useCan('admin.mail.templates.delete');
  return (
    <div className="flex flex-col gap-4">
      <MailTabs />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
        <header>
          <h1 className="text-2xl font-bold">{t('admin.nav.mailTemplates')}</h1>
          <p className="text-sm text-muted">{t('mailTemplates.subtitle')}</p>
        </header>
        {query.isPending && <Loading label={t('common.loading')} />}
        {query.isError && <Alert>{errorText(t, query.error)}</Alert>}
        {query.data && (
          <div className="surface relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th className="px-4 py-3">{t('mailTemplates.columns.template')}</th>
                  <th className="px-4 py-3">{t('mailTemplates.columns.subject')}</th>
                  <th className="px-4 py-3">{t('mailTemplates.columns.state')}</th>
                  <th className="px-4 py-3">{t('mailTemplates.columns.updated')}</th>
                  <th className="px-4 py-3">
                    <span className="sr-only">{t('resource.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((m) => (
                  <tr
                    key={m.key}
                    className="border-t border-slate-200 dark:border-slate-800"
                    data-testid={`template-${m.key}`}
                  >
                    <td className="px-4 py-3">
                      <div className="font-medium">{t(`mailTemplates.names.${m.key}`)}</div>
                      <div className="text-xs text-muted">{t(`mailTemplates.about.${m.key}`)}</div>
                    </td>
                    <td className="px-4 py-3 font-mono text-xs break-all">{m.subject}</td>
                    <td className="px-4 py-3">
                      <TemplateState edited={m.edited} />
                    </td>
                    <td className="px-4 py-3 text-xs whitespace-nowrap">
                      {m.updated_at ? f.dateTime(m.updated_at) : '—'}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        {canEdit && (
                          <RowLink to={`${BASE}/${m.key}/edit`} testId="edit-template">
                            {t('resource.edit')}
                          </RowLink>
                        )}
                        {canReset && m.edited && (
                          <RowLink to={`${BASE}/${m.key}/delete`} testId="reset-template">
                            {t('mailTemplates.reset.action')}
                          </RowLink>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

/** /mc-admin/mail-templates/create: the set of mails is fixed (each is sent by the panel at one moment); say so. */
export function MailTemplateCreate() {
  const { t } = useTranslation();
  return (
    <section className="surface mx-auto flex max-w-lg flex-col gap-4 p-6" data-testid="templates-fixed">
      <Lock className="size-8 text-muted" aria-hidden />
      <h1 className="text-xl font-bold">{t('mailTemplates.create.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('mailTemplates.create.body')}</p>
      <Link to={BASE} className="self-end text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300">
        {t('mailTemplates.back')}
      </Link>
    </section>
  );
}

/** /mc-admin/mail-templates/:id/delete: "deleting" a template resets it to its default (the override goes). */
export function MailTemplateReset() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const template = useMailTemplate(id);
  const reset = useResetMailTemplate(id);
  const name = t(`mailTemplates.names.${id}`);
  if (template.isPending) return <Loading label={t('common.loading')} />;
  if (template.isError) return <Alert>{errorText(t, template.error)}</Alert>;
  return (
    <section className="surface mx-auto flex max-w-lg flex-col gap-4 p-6">
      <RotateCcw className="size-8 text-amber-500" aria-hidden />
      {template.data.edited ? (
        <>
          <h1 className="text-xl font-bold">{t('mailTemplates.reset.title', { name })}</h1>
          <p className="text-sm text-muted">{t('mailTemplates.reset.warning')}</p>
        </>
      ) : (
        <p className="text-sm" data-testid="already-default">
          {t('mailTemplates.reset.alreadyDefault', { name })}
        </p>
      )}
      {reset.error && <Alert>{errorText(t, reset.error)}</Alert>}
      <div className="flex justify-end gap-2">
        <Link
          to={BASE}
          className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
        >
          {t('mailTemplates.back')}
        </Link>
        {template.data.edited && (
          <Button
            variant="danger"
            data-testid="confirm-reset"
            disabled={reset.isPending}
            onClick={() =>
              void reset.mutateAsync().then(
                () => navigate(`${BASE}/${id}/edit`),
                () => undefined,
              )
            }
          >
            {t('mailTemplates.reset.confirm')}
          </Button>
        )}
      </div>
    </section>
  );
}
