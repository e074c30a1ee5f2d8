import { useTranslation } from 'react-i18next';
import type { useListParams } from './use-list-params.ts';

/** The look of a list's filter drop-down. */
export const filterSelect =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** The "any / enabled / disabled" filter of a resource list with an `enabled` column (kept in the URL). */
export function EnabledFilter({ list, testId }: { list: ReturnType<typeof useListParams>; testId: string }) {
  const { t } = useTranslation();
  return (
    <select
      className={filterSelect}
      value={list.get('enabled')}
      onChange={(e) => list.set({ enabled: e.target.value })}
      aria-label={t('redeemCodes.state')}
      data-testid={testId}
    >
      <option value="">{t('redeemCodes.anyState')}</option>
      <option value="true">{t('redeemCodes.enabledOnly')}</option>
      <option value="false">{t('redeemCodes.disabledOnly')}</option>
    </select>
  );
}

/** The "Enabled" / "Disabled" pill of a list row. */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? (
    <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
      {t('redeemCodes.on')}
    </span>
  ) : (
    <span className="rounded-full bg-slate-500/15 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">
      {t('redeemCodes.off')}
    </span>
  );
}
