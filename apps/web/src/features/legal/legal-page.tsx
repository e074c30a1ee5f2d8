import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafeMarkdown } from '../../components/ui/safe-markdown.tsx';
import { useSetting } from '../../lib/use-settings.ts';

/** Privacy policy and terms, written by the operator in Markdown and rendered by the one safe renderer. */
export function LegalPage({ setting, title }: { setting: 'privacy_policy' | 'terms_of_service'; title: string }) {
  const { t } = useTranslation();
  const text = useSetting<string>(setting);
  const appName = useSetting<string>('app_name');
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-8">
      <article className="surface p-6 sm:p-10">
        {/* Long compound words (de: "Datenschutzerklärung") break inside the card on a phone. */}
        <h1 className="mb-6 text-2xl font-bold break-words hyphens-auto sm:text-3xl">{t(title)}</h1>
        {text ? (
          <SafeMarkdown data-testid="legal-text">{text}</SafeMarkdown>
        ) : (
          <p className="text-muted">{t('legal.empty', { name: appName })}</p>
        )}
        <Link to="/" className="mt-8 inline-block text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('legal.back')}
        </Link>
      </article>
    </main>
  );
}
