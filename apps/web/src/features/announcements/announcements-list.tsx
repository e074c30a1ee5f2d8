import type { Announcement } from '@hostdeck/contracts';
import { Pin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { ADMIN_BASE, announcementsApi } from './api.ts';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** What members see of it now: a draft, scheduled for later, or published. */
export function stateOf(a: Pick<Announcement, 'published' | 'published_at'>, now = Date.now()) {
  if (!a.published) return 'draft' as const;
  return new Date(a.published_at).getTime() > now ? ('scheduled' as const) : ('published' as const);
}
const stateLook = {
  draft: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
  scheduled: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  published: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
};

/** /mc-admin/announcements: every announcement with its state, tags, date and readers; newest first. */
export function AnnouncementsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(announcementsApi, 'admin.announcements', ['published', 'pinned']);
  return (
    <ResourceList<Announcement>
      title={t('admin.nav.announcements')}
      list={list}
      query={query}
      rowKey={(a) => String(a.id)}
      createPath={can.create ? `${ADMIN_BASE}/create` : undefined}
      filters={
        <select
          className={select}
          value={list.get('published')}
          onChange={(e) => list.set({ published: e.target.value })}
          aria-label={t('announcements.admin.state')}
          data-testid="announcements-published-filter"
        >
          <option value="">{t('announcements.admin.anyState')}</option>
          <option value="true">{t('announcements.admin.publishedOnly')}</option>
          <option value="false">{t('announcements.admin.draftsOnly')}</option>
        </select>
      }
      columns={[
        {
          key: 'title',
          header: t('announcements.fields.title'),
          sortable: true,
          render: (a) => (
            <span className="flex items-center gap-1.5 font-medium break-words">
              {a.pinned && (
                <Pin className="size-3.5 shrink-0 text-amber-500" aria-label={t('announcements.pinned')} role="img" />
              )}
              {a.title}
            </span>
          ),
        },
        {
          key: 'state',
          header: t('announcements.admin.state'),
          render: (a) => {
            const state = stateOf(a);
            return (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${stateLook[state]}`}
                data-testid="announcement-state"
              >
                {t(`announcements.admin.${state}`)}
              </span>
            );
          },
        },
        {
          key: 'tags',
          header: t('announcements.fields.tags'),
          render: (a) => <span className="text-xs text-muted">{a.tags.map((tag) => `#${tag}`).join(' ')}</span>,
        },
        {
          key: 'published_at',
          header: t('announcements.fields.published_at'),
          sortable: true,
          render: (a) => (
            <time dateTime={a.published_at} className="text-xs whitespace-nowrap">
              {f.dateTime(a.published_at)}
            </time>
          ),
        },
        {
          key: 'reads',
          header: t('announcements.admin.reads'),
          render: (a) => <span className="tabular-nums">{f.number(a.reads)}</span>,
        },
        {
          key: 'author',
          header: t('announcements.admin.author'),
          render: (a) => <span className="text-xs">{a.author ?? '—'}</span>,
        },
      ]}
      actions={(a) => (
        <RowActions to={`${ADMIN_BASE}/${a.id}`} edit={can.edit} remove={can.remove} testId="announcement" />
      )}
    />
  );
}

/** /mc-admin/announcements/:id/delete: names it, then deletes it with its read markers. */
export function AnnouncementDelete() {
  const { t } = useTranslation();
  return (
    <ResourceDeletePage
      api={announcementsApi}
      label={(a) => a.title}
      listPath={ADMIN_BASE}
      warning={t('announcements.admin.deleteWarning')}
    />
  );
}
