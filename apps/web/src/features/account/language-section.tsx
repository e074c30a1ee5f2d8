import { locales } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { languageNames } from '../../lib/i18n.ts';
import { useChooseLanguage } from './account-api.ts';
import { AccountSection } from './section-frame.tsx';

/** #language: switches the interface at once and stores the choice on the account (mails use it). */
export function LanguageSection() {
  const { t, i18n } = useTranslation();
  const language = useChooseLanguage();
  const save = language.save;
  const [saved, setSaved] = useState(false);
  const choose = async (value: string) => {
    setSaved(false);
    await language.choose(value, () => setSaved(true));
  };
  return (
    <AccountSection id="language" title={t('account.language.title')} intro={t('account.language.intro')}>
      {save.error && <Alert>{t(`errors.${save.error instanceof ApiError ? save.error.code : 'SERVER_ERROR'}`)}</Alert>}
      {saved && <Alert tone="success">{t('account.saved')}</Alert>}
      <label className="flex flex-col gap-1.5 text-sm sm:max-w-xs">
        <span className="font-medium text-slate-700 dark:text-slate-300">{t('common.language')}</span>
        <select
          data-testid="account-language"
          value={i18n.language}
          disabled={save.isPending}
          onChange={(e) => void choose(e.target.value)}
          className="min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {locales.map((l) => (
            <option key={l} value={l}>
              {languageNames[l]}
            </option>
          ))}
        </select>
      </label>
    </AccountSection>
  );
}
