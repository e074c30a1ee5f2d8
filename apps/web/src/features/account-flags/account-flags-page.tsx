import { type AccountFlag, accountFlagReasons, accountFlagStatuses } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { useAccountFlags } from './api.ts';
import { FlagDecision } from './flag-decision.tsx';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** /mc-admin/users/flags: accounts anti-alt (or anti-VPN) flagged, with whom they share, to approve or ban. */
export function AccountFlagsPage() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const list = useListParams(['status', 'reason']);
  // Open flags first: that is the work waiting.
  const params = new URLSearchParams(list.params);
  if (!params.has('status')) params.set('status', 'open');
  const query = useAccountFlags(params);
  const canDecide = useCan('admin.users.edit');
  return (
    <ResourceList<AccountFlag>
      title={t('accountFlags.title')}
      list={list}
      query={query}
      rowKey={(f) => String(f.id)}
      empty={
        <>
          <p className="font-medium">{t('accountFlags.emptyTitle')}</p>
          <p className="mt-1 text-sm">{t('accountFlags.emptyHint')}</p>
        </>
      }
      filters={
        <>
          <select
            className={select}
            value={list.get('status') || 'open'}
            // "Waiting for review" is the page's own default: kept out of the address, it filters nothing.
            onChange={(e) => list.set({ status: e.target.value === 'open' ? '' : e.target.value })}
            aria-label={t('accountFlags.status')}
            data-testid="flags-status"
          >
            {accountFlagStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`accountFlags.statuses.${s}`)}
              </option>
            ))}
          </select>
          <select
            className={select}
            value={list.get('reason')}
            onChange={(e) => list.set({ reason: e.target.value })}
            aria-label={t('accountFlags.reason')}
          >
            <option value="">{t('accountFlags.anyReason')}</option>
            {accountFlagReasons.map((r) => (
              <option key={r} value={r}>
                {t(`accountFlags.reasons.${r}`)}
              </option>
            ))}
          </select>
        </>
      }
      columns={[
        {
          key: 'user',
          header: t('accountFlags.account'),
          render: (f) => (
            <div data-testid="flag-user">
              <Link to={`/mc-admin/users/${f.user.id}/edit`} className="font-medium hover:underline">
                {f.user.username}
              </Link>
              <p className="text-xs text-muted">{f.user.email}</p>
              <p className="text-xs text-muted">{t('accountFlags.joined', { date: date(f.user.created_at) })}</p>
            </div>
          ),
        },
        {
          key: 'reason',
          header: t('accountFlags.reason'),
          render: (f) => (
            <div>
              <p>{t(`accountFlags.reasons.${f.reason}`)}</p>
              {f.ip && <p className="font-mono text-xs text-muted">{f.ip}</p>}
              <p className="text-xs text-muted">{date(f.created_at)}</p>
            </div>
          ),
        },
        {
          key: 'related',
          header: t('accountFlags.related'),
          render: (f) => (
            <ul className="flex flex-col gap-1" data-testid="flag-related">
              {f.related.length === 0 && <li className="text-xs text-muted">{t('accountFlags.noRelated')}</li>}
              {f.related.map((r) => (
                <li key={r.id} className="text-xs">
                  <Link to={`/mc-admin/users/${r.id}/edit`} className="font-medium hover:underline">
                    {r.username}
                  </Link>{' '}
                  <span className="text-muted">
                    {r.email} · {date(r.created_at)}
                  </span>
                  {(r.banned || r.deleted) && (
                    <span className="ml-1 rounded bg-rose-500/15 px-1.5 py-0.5 text-danger">
                      {t(r.deleted ? 'accountFlags.deleted' : 'users.banned')}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'status',
          header: t('accountFlags.status'),
          render: (f) => (
            <div data-testid="flag-status">
              <p>{t(`accountFlags.statuses.${f.status}`)}</p>
              {f.reviewed_by && <p className="text-xs text-muted">{f.reviewed_by}</p>}
            </div>
          ),
        },
      ]}
      actions={(f) => (f.status === 'open' && canDecide ? <FlagDecision flag={f} /> : null)}
    />
  );
}
