import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ScrollRegion } from '../../components/ui/scroll-region.tsx';
import { useAdminSettings } from './api.ts';

/** The raw key/value view of every setting; secrets show only whether they are set. */
export function SettingsRawPage() {
  const { t } = useTranslation();
  const query = useAdminSettings();
  if (query.isPending) return <Loading label={t('common.loading')} />;
  if (query.isError) return <Alert>{t('errors.SERVER_ERROR')}</Alert>;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('admin.nav.settingsRaw')}</h1>
        <Link to="/mc-admin/settings" className="text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('admin.nav.settings')}
        </Link>
      </header>
      {/* Wider than a phone, and nothing in it takes the focus: the keyboard scrolls the region. */}
      <ScrollRegion label={t('admin.nav.settingsRaw')} className="surface overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th className="px-4 py-3">{t('settings.raw.key')}</th>
              <th className="px-4 py-3">{t('settings.raw.value')}</th>
              <th className="px-4 py-3">{t('settings.raw.group')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.settings.map((s) => (
              <tr key={s.key} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-4 py-2 font-mono text-xs">{s.key}</td>
                <td className="max-w-md truncate px-4 py-2 font-mono text-xs" data-testid={`raw-${s.key}`}>
                  {s.visibility === 'secret' ? (s.is_set ? '••••••••' : t('settings.secretUnset')) : String(s.value)}
                </td>
                <td className="px-4 py-2 text-xs text-muted">{t(`settings.groups.${s.group}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
