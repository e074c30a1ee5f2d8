import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { AuditList } from '../audit/audit-list.tsx';
import { auditOf } from '../audit/links.ts';
import { useUserAudit, useUserSessions } from './api.ts';

/** The account's live sessions and what staff did to it. */
export function UserActivity({ id }: { id: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const sessions = useUserSessions(id);
  const audit = useUserAudit(id);
  const canAudit = useCan('admin.dashboard.components.activity.view');
  return (
    <section className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="surface p-5">
        <h2 className="mb-3 text-lg font-semibold">{t('users.sessions')}</h2>
        {sessions.data?.length === 0 && <p className="text-sm text-muted">{t('users.noSessions')}</p>}
        <ul className="flex flex-col gap-2 text-sm">
          {sessions.data?.map((s) => (
            <li key={s.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800/60">
              <p className="truncate">{s.user_agent ?? '—'}</p>
              <p className="text-xs text-muted">
                {s.ip ?? '—'} · {f.dateTime(s.last_used_at)}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div className="surface p-5" data-testid="user-audit">
        <div className="mb-3 flex items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('audit.title')}</h2>
          {canAudit && (
            <Link
              to={auditOf('user', id)}
              className="text-xs font-semibold text-brand-600 hover:underline dark:text-brand-300"
            >
              {t('audit.page.seeAll')}
            </Link>
          )}
        </div>
        <AuditList entries={audit.data?.data ?? []} />
      </div>
    </section>
  );
}
