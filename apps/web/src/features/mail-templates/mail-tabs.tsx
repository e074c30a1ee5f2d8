import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCan } from '../../lib/permissions.ts';

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-1.5 text-sm font-semibold ${
    isActive
      ? 'bg-brand-500 text-slate-950'
      : 'text-slate-600 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800/70'
  }`;

/** Templates and the outbox are two views of the admin's mail: one switch above both. */
export function MailTabs() {
  const { t } = useTranslation();
  if (!useCan('admin.mail.templates.list')) return null;
  return (
    <nav aria-label={t('mailTemplates.tabs.label')} className="mx-auto flex w-full max-w-6xl gap-1">
      <NavLink to="/mc-admin/mail-templates" end className={tab}>
        {t('mailTemplates.tabs.templates')}
      </NavLink>
      <NavLink to="/mc-admin/mail-outbox" className={tab}>
        {t('mailTemplates.tabs.outbox')}
      </NavLink>
    </nav>
  );
}
