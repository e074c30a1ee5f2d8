import { ArrowDown, ArrowUp, Plus, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/format.ts';
import type { Page } from '../../../lib/resource-api.ts';
import type { useListParams } from './use-list-params.ts';

export interface Column<T> {
  key: string;
  header: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

interface Props<T> {
  title: string;
  list: ReturnType<typeof useListParams>;
  query: { data?: Page<T>; isPending: boolean; isError: boolean; error: unknown };
  columns: Column<T>[];
  rowKey: (row: T) => string;
  createPath?: string;
  filters?: ReactNode;
  /** Resource actions beside Create (e.g. import from the panel). */
  toolbar?: ReactNode;
  actions?: (row: T) => ReactNode;
  /**
   * What the list says when it is empty and no search or filter is set: what would fill it and what
   * to do next. Without it: "nothing here yet", with "create the first one" when creating is possible.
   */
  empty?: ReactNode;
  /** Whether the list has a search box (a resource whose API takes `search`). */
  searchable?: boolean;
}

/** An empty list says why: nothing matches the search or filters, or nothing exists yet. */
export function EmptyList({
  list,
  empty,
  canCreate,
  searchable = true,
}: {
  list: Pick<ReturnType<typeof useListParams>, 'narrowed'>;
  empty?: ReactNode;
  canCreate: boolean;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="surface p-8 text-center text-muted" data-testid="resource-empty">
      {list.narrowed ? (
        <p>{t(searchable ? 'resource.emptySearch' : 'resource.emptyFilters')}</p>
      ) : (
        (empty ?? <p>{t(canCreate ? 'resource.emptyCreate' : 'resource.empty')}</p>)
      )}
    </div>
  );
}

/** The one list design of the admin area: search, filters, sortable columns, paging; empty, loading and error states. */
export function ResourceList<T>({
  title,
  list,
  query,
  columns,
  rowKey,
  createPath,
  filters,
  toolbar,
  actions,
  empty,
  searchable = true,
}: Props<T>) {
  const { t } = useTranslation();
  const f = useFormat();
  const sort = list.get('sort');
  const page = query.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="flex flex-wrap items-start gap-2">
          {toolbar}
          {createPath && (
            <Link
              to={createPath}
              className="inline-flex items-center gap-2 rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400"
            >
              <Plus className="size-4" aria-hidden /> {t('resource.create')}
            </Link>
          )}
        </div>
      </header>
      <div className="surface flex flex-wrap items-center gap-3 p-3">
        {searchable && (
          <label className="flex min-w-56 flex-1 items-center gap-2 rounded-xl border border-slate-300 px-3 dark:border-slate-700">
            <Search className="size-4 text-muted" aria-hidden />
            <span className="sr-only">{t('resource.search')}</span>
            <input
              type="search"
              defaultValue={list.get('search')}
              placeholder={t('resource.search')}
              onChange={(e) => list.set({ search: e.target.value })}
              className="min-h-10 w-full bg-transparent text-sm outline-none"
            />
          </label>
        )}
        {filters}
      </div>
      {query.isPending && <Loading label={t('common.loading')} />}
      {query.isError && (
        <Alert>{t(`errors.${query.error instanceof ApiError ? query.error.code : 'SERVER_ERROR'}`)}</Alert>
      )}
      {page && page.data.length === 0 && (
        <EmptyList list={list} empty={empty} canCreate={Boolean(createPath)} searchable={searchable} />
      )}
      {page && page.data.length > 0 && (
        <div className="surface overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted uppercase">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    className="px-4 py-3"
                    aria-sort={sort === c.key ? 'ascending' : sort === `-${c.key}` ? 'descending' : undefined}
                  >
                    {c.sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase"
                        onClick={() => list.set({ sort: sort === c.key ? `-${c.key}` : c.key })}
                      >
                        {c.header}
                        {sort === c.key && <ArrowUp className="size-3" aria-hidden />}
                        {sort === `-${c.key}` && <ArrowDown className="size-3" aria-hidden />}
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                ))}
                {actions && <th className="px-4 py-3 text-right">{t('resource.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={rowKey(row)} className="border-t border-slate-200 dark:border-slate-800">
                  {columns.map((c) => (
                    <td key={c.key} className="px-4 py-2.5">
                      {c.render(row)}
                    </td>
                  ))}
                  {actions && <td className="px-4 py-2.5 text-right whitespace-nowrap">{actions(row)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && page.total_pages > 1 && (
        <nav className="flex items-center justify-between text-sm" aria-label={t('resource.pages')}>
          <span className="text-muted" data-testid="page-total">
            {/* A large list's total is the database's estimate: "about N". */}
            {t(page.total_estimated ? 'resource.pageOfAbout' : 'resource.pageOf', {
              page: f.number(page.page),
              pages: f.number(page.total_pages),
              total: f.number(page.total),
            })}
          </span>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={page.page <= 1}
              onClick={() => list.set({ page: String(page.page - 1) })}
              className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
            >
              {t('resource.previous')}
            </button>
            <button
              type="button"
              disabled={page.page >= page.total_pages}
              onClick={() => list.set({ page: String(page.page + 1) })}
              className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40 dark:border-slate-700"
            >
              {t('resource.next')}
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}

export function RowLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="ml-2 rounded-lg px-2 py-1 text-xs font-semibold text-brand-600 hover:bg-brand-500/10 dark:text-brand-300"
    >
      {children}
    </Link>
  );
}
