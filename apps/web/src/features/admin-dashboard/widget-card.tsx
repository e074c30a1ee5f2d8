import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';

const widths = ['w-11/12', 'w-3/4', 'w-2/3', 'w-1/2', 'w-5/12', 'w-1/3'];

/** Grey bars standing in for a widget's content while it loads. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="flex animate-pulse flex-col gap-2" data-testid="widget-skeleton" aria-hidden>
      {widths.slice(0, lines).map((w) => (
        <div key={w} className={`h-4 rounded bg-slate-200 dark:bg-slate-800 ${w}`} />
      ))}
    </div>
  );
}

/** A dashboard widget: title, then a skeleton, an error, an empty state or the content. */
export function WidgetCard<T>({
  id,
  title,
  icon: Icon,
  query,
  isEmpty,
  empty,
  actions,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  query?: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  actions?: ReactNode;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (!query) body = children(undefined as T);
  else if (query.isPending) body = <Skeleton />;
  else if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR';
    body = (
      <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
        {t(`errors.${code}`, { defaultValue: t('adminDashboard.loadFailed') })}
      </p>
    );
  } else if (isEmpty?.(query.data)) body = <p className="text-sm text-muted">{empty}</p>;
  else body = children(query.data);
  return (
    <section
      className={`surface flex min-w-0 flex-col gap-3 p-5 ${wide ? 'md:col-span-2' : ''}`}
      aria-labelledby={`widget-${id}`}
      data-testid={`widget-${id}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`widget-${id}`} className="flex items-center gap-2 font-semibold">
          <Icon className="size-5 text-brand-400" aria-hidden />
          {title}
        </h2>
        {actions}
      </header>
      {body}
    </section>
  );
}
