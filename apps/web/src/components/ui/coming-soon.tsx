import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The honest panel of a page that a later release fills in. */
export function ComingSoon({ title, back = '/dashboard' }: { title: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <section className="surface mx-auto max-w-xl p-8 text-center" data-testid="coming-soon">
      <Hammer className="mx-auto mb-4 size-10 text-brand-400" aria-hidden />
      <h1 className="text-2xl font-bold">{t(title)}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('comingSoon.message')}</p>
      <Link
        to={back}
        className="mt-6 inline-block rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400"
      >
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
