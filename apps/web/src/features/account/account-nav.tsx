import { useTranslation } from 'react-i18next';
import { useDiscordStatus } from '../discord/api.ts';

/** The anchors of /account, in page order (each section renders the element with this id). */
export const accountSections = [
  'profile',
  'email',
  'password',
  'sessions',
  'security',
  'billing',
  'language',
  'appearance',
  'discord',
  'coins',
  'delete',
] as const;

/** A row of links to the sections of /account; it scrolls on narrow screens. */
export function AccountNav() {
  const { t } = useTranslation();
  // The Discord card shows nothing while Discord is not set up on the panel: no link to it either.
  const discord = useDiscordStatus().data?.configured === true;
  const shown = accountSections.filter((id) => id !== 'discord' || discord);
  return (
    <nav aria-label={t('account.nav.label')} className="surface sticky top-2 z-10 overflow-x-auto p-2">
      <ul className="flex gap-1 text-sm whitespace-nowrap">
        {shown.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="block rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              {t(`account.nav.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
