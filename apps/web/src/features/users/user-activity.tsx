import { useTranslation } from 'react-i18next';
import { AuditList } from '../audit/audit-list.tsx';
import { useUserAudit, useUserSessions } from './api.ts';

/** The account's live sessions and what staff did to it. */
export function UserActivity({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const sessions = useUserSessions(id);
  const audit = useUserAudit(id);
  return (
    <section className="grid gap-4 md:grid-cols-2">
      <div className="surface p-5">
        <h2 className="mb-3 text-lg font-semibold">{t('users.sessions')}</h2>
        {sessions.data?.length === 0 && <p className="text-sm text-muted">{t('users.noSessions')}</p>}
        <ul className="flex flex-col gap-2 text-sm">
          {sessions.data?.map((s) => (
            <li key={s.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800/60">
              <p className="truncate">{s.user_agent ?? '—'}</p>
              <p className="text-xs text-muted">
                {s.ip ?? '—'} · {new Date(s.last_used_at).toLocaleString(i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div className="surface p-5" data-testid="user-audit">
        <h2 className="mb-3 text-lg font-semibold">{t('audit.title')}</h2>
        <AuditList entries={audit.data?.data ?? []} />
      </div>
    </section>
  );
}
