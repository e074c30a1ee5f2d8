import { locales } from '@hostdeck/contracts';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLocale, languageNames } from '../../lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <Languages className="size-4 text-muted" aria-hidden />
      <span className="sr-only">{t('common.language')}</span>
      <select
        data-testid="language-switcher"
        value={i18n.language}
        onChange={(e) => isLocale(e.target.value) && void changeLanguage(e.target.value)}
        className="rounded-lg border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {locales.map((l) => (
          <option key={l} value={l}>
            {languageNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
