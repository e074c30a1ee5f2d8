import type { RedeemCode } from '@hostdeck/contracts';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { ResourceDeletePage } from '../admin/resource/confirm-delete.tsx';
import { EnabledBadge, EnabledFilter } from '../admin/resource/enabled-filter.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { isExpired, redeemCodesApi } from './api.ts';

export const BASE = '/mc-admin/redeem-codes';

/** Copies a code to the clipboard and says so for two seconds. */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      data-testid="copy-code"
      aria-label={t('redeemCodes.copy', { code: value })}
      title={t('redeemCodes.copy', { code: value })}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-slate-200/70 hover:text-brand-600 dark:hover:bg-slate-800/70"
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      {state === 'copied' ? (
        <Check className="size-4 text-emerald-500" aria-hidden />
      ) : (
        <Copy className="size-4" aria-hidden />
      )}
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? t('redeemCodes.copied') : state === 'failed' ? t('redeemCodes.copyFailed') : ''}
      </span>
    </button>
  );
}

/** /mc-admin/redeem-codes: every code with its value, uses, expiry and state; searchable, sortable, filtered. */
export function RedeemCodesList() {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, query, can } = useResourceList(redeemCodesApi, 'admin.redeem.codes', ['enabled']);
  return (
    <ResourceList<RedeemCode>
      title={t('admin.nav.redeemCodes')}
      list={list}
      query={query}
      rowKey={(c) => String(c.id)}
      createPath={can.create ? `${BASE}/create` : undefined}
      filters={<EnabledFilter list={list} testId="redeem-enabled-filter" />}
      columns={[
        {
          key: 'code',
          header: t('redeemCodes.fields.code'),
          sortable: true,
          render: (c) => (
            <span className="flex items-center gap-1">
              <code className="font-mono text-sm font-semibold break-all" data-testid="redeem-code-value">
                {c.code}
              </code>
              <CopyButton value={c.code} />
            </span>
          ),
        },
        {
          key: 'coins',
          header: t('redeemCodes.fields.coins'),
          sortable: true,
          render: (c) => <span className="tabular-nums">{f.number(c.coins)}</span>,
        },
        {
          key: 'uses',
          header: t('redeemCodes.uses'),
          sortable: true,
          render: (c) => (
            <span className="whitespace-nowrap tabular-nums" data-testid="redeem-code-uses">
              {f.number(c.uses)} / {c.max_uses === null ? '∞' : f.number(c.max_uses)}
            </span>
          ),
        },
        {
          key: 'expires_at',
          header: t('redeemCodes.fields.expires_at'),
          sortable: true,
          render: (c) =>
            c.expires_at === null ? (
              <span className="text-xs text-muted">{t('redeemCodes.never')}</span>
            ) : isExpired(c) ? (
              <span
                className="text-xs font-semibold whitespace-nowrap text-rose-600 dark:text-rose-400"
                data-testid="redeem-code-expired"
              >
                {t('redeemCodes.expiredOn', { date: f.dateTime(c.expires_at) })}
              </span>
            ) : (
              <time dateTime={c.expires_at} className="text-xs whitespace-nowrap" title={f.relative(c.expires_at)}>
                {f.dateTime(c.expires_at)}
              </time>
            ),
        },
        {
          key: 'enabled',
          header: t('redeemCodes.fields.enabled'),
          render: (c) => <EnabledBadge enabled={c.enabled} />,
        },
        {
          key: 'created_at',
          header: t('redeemCodes.created'),
          sortable: true,
          render: (c) => <span className="text-xs whitespace-nowrap">{f.date(c.created_at)}</span>,
        },
      ]}
      actions={(c) => <RowActions to={`${BASE}/${c.id}`} edit={can.edit} remove={can.remove} testId="redeem-code" />}
    />
  );
}

/** /mc-admin/redeem-codes/:id/delete: names the code, then deletes it (members keep the coins they redeemed). */
export function RedeemCodeDelete() {
  const { t } = useTranslation();
  return (
    <ResourceDeletePage
      api={redeemCodesApi}
      label={(c) => c.code}
      listPath={BASE}
      warning={t('redeemCodes.deleteWarning')}
    />
  );
}
