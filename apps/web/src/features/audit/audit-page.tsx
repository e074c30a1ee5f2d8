import { type AuditEntry, auditTargetTypes } from '@hostdeck/contracts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { filterSelect } from '../admin/resource/enabled-filter.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { ChangeList, readableAction } from './audit-list.tsx';

const auditApi = resourceApi<AuditEntry>('audit');
const chip =
  'inline-flex min-h-10 max-w-full items-center gap-1.5 rounded-xl bg-brand-500/10 px-3 text-sm break-all text-brand-700 dark:text-brand-300';
const linkish = 'text-left font-medium text-brand-600 hover:underline dark:text-brand-300';

/**
 * /mc-admin/audit: the whole audit log, newest first, narrowed by the kind of record, by who acted
 * (a name in the list) or by one record (a target in the list). The filters live in the URL; the
 * actor's name rides along for the chip only (the API filters by id). Changed values show where the
 * API sends them: to a caller who may read that kind of record.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useListParams(['target_type', 'target_id', 'actor_id']);
  const query = auditApi.useList(list.params);
  const canUsers = useCan('admin.users.edit');
  const type = list.get('target_type');
  // The name shown in the actor's chip: from the entries themselves once they are in (a name in the
  // address alone could say anything), from the address until then.
  const actorId = list.get('actor_id');
  const actorName =
    query.data?.data.find((e) => e.actor_id === actorId)?.actor_username ?? (list.get('actor_name') || actorId);
  const targetName = (type: string) => t(`audit.targets.${type}`, { defaultValue: readableAction(type) });
  return (
    <ResourceList<AuditEntry>
      title={t('audit.page.title')}
      list={list}
      query={query}
      rowKey={(e) => e.id}
      searchable={false}
      empty={<p>{t('audit.empty')}</p>}
      filters={
        <>
          <select
            className={filterSelect}
            value={type}
            onChange={(e) => list.set({ target_type: e.target.value, target_id: undefined })}
            aria-label={t('audit.page.type')}
            data-testid="audit-type-filter"
          >
            <option value="">{t('audit.page.anyType')}</option>
            {auditTargetTypes.map((k) => (
              <option key={k} value={k}>
                {targetName(k)}
              </option>
            ))}
          </select>
          {list.get('actor_id') && (
            <span className={chip} data-testid="audit-actor-chip">
              {t('audit.page.byActor', { name: actorName })}
              <button
                type="button"
                aria-label={t('audit.page.clearActor')}
                onClick={() => list.set({ actor_id: undefined, actor_name: undefined })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </span>
          )}
          {list.get('target_id') && (
            <span className={chip} data-testid="audit-target-chip">
              {t('audit.page.onTarget', { type: targetName(type), id: list.get('target_id') })}
              <button
                type="button"
                aria-label={t('audit.page.clearTarget')}
                onClick={() => list.set({ target_id: undefined })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </span>
          )}
        </>
      }
      columns={[
        {
          key: 'created_at',
          header: t('audit.page.when'),
          render: (e) => <span className="text-xs whitespace-nowrap">{f.dateTime(e.created_at)}</span>,
        },
        {
          key: 'actor',
          header: t('audit.page.actor'),
          render: (e) =>
            e.actor_id ? (
              <button
                type="button"
                className={linkish}
                title={t('audit.page.onlyActor', { name: e.actor_username ?? e.actor_id })}
                onClick={() =>
                  list.set({ actor_id: e.actor_id ?? undefined, actor_name: e.actor_username ?? undefined })
                }
              >
                {e.actor_username ?? t('audit.page.deletedAccount')}
              </button>
            ) : (
              <span className="text-muted">{t('audit.system')}</span>
            ),
        },
        {
          key: 'action',
          header: t('audit.page.action'),
          render: (e) => t(`audit.actions.${e.action}`, { defaultValue: readableAction(e.action) }),
        },
        {
          key: 'target',
          header: t('audit.page.target'),
          render: (e) => (
            <span className="flex flex-col">
              <button
                type="button"
                className={linkish}
                title={t('audit.page.onlyTarget')}
                onClick={() => list.set({ target_type: e.target_type, target_id: e.target_id })}
              >
                {targetName(e.target_type)}
              </button>
              {e.target_type === 'user' && canUsers ? (
                <Link
                  to={`/mc-admin/users/${e.target_id}/edit`}
                  className="text-xs break-all text-muted hover:underline"
                >
                  {e.target_id}
                </Link>
              ) : (
                <span className="text-xs break-all text-muted">{e.target_id}</span>
              )}
            </span>
          ),
        },
        {
          key: 'changes',
          header: t('audit.page.changes'),
          render: (e) => <ChangeList entry={e} className="max-w-md" />,
        },
      ]}
    />
  );
}
