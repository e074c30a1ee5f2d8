import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import { useSetting } from '../../lib/use-settings.ts';

/** Privacy policy and terms, written by the operator in Markdown; raw HTML is never rendered. */
export function LegalPage({ setting, title }: { setting: 'privacy_policy' | 'terms_of_service'; title: string }) {
  const { t } = useTranslation();
  const text = useSetting<string>(setting);
  const appName = useSetting<string>('app_name');
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-8">
      <article className="surface p-6 sm:p-10">
        <h1 className="mb-6 text-3xl font-bold">{t(title)}</h1>
        {text ? (
          <div className="prose-legal flex flex-col gap-3 leading-relaxed [&_a]:text-brand-500 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-6">
            <Markdown
              skipHtml
              allowedElements={[
                'p',
                'h1',
                'h2',
                'h3',
                'h4',
                'ul',
                'ol',
                'li',
                'strong',
                'em',
                'a',
                'code',
                'blockquote',
                'hr',
                'br',
              ]}
            >
              {text}
            </Markdown>
          </div>
        ) : (
          <p className="text-slate-500">{t('legal.empty', { name: appName })}</p>
        )}
        <Link to="/" className="mt-8 inline-block text-sm text-brand-600 hover:underline dark:text-brand-300">
          {t('legal.back')}
        </Link>
      </article>
    </main>
  );
}
