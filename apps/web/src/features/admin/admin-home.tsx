import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminNav, visibleEntries } from '../../app/nav.ts';
import { useSession } from '../../lib/use-session.ts';

/** The admin landing page: every area this member may open (widgets join in a later release). */
export function AdminHome() {
  const { t } = useTranslation();
  const { data } = useSession();
  const entries = visibleEntries(adminNav, data?.permissions ?? []).filter((e) => e.path !== '/mc-admin');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <section className="surface p-6">
        <h1 className="text-2xl font-bold">{t('admin.home.title')}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {t('admin.home.subtitle', { role: data?.userInfo.role_display_name ?? '' })}
        </p>
      </section>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {entries.map((e) => (
          <li key={e.path}>
            <Link to={e.path} className="surface flex items-center gap-3 p-4 hover:border-brand-400">
              <e.icon className="size-5 text-brand-400" aria-hidden />
              <span className="font-medium">{t(e.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
