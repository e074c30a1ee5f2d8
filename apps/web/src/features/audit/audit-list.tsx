import type { AuditEntry } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';

/** Audit entries as a readable feed: who, what, when, and the fields that changed. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (entries.length === 0) return <p className="text-sm text-muted">{t('audit.empty')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {entries.map((e) => (
        <li key={e.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800/60">
          <p>
            <span className="font-medium">{e.actor_username ?? t('audit.system')}</span> ·{' '}
            {t(`audit.actions.${e.action}`, { defaultValue: readableAction(e.action) })}
          </p>
          <p className="text-xs text-muted">{f.dateTime(e.created_at)}</p>
          <ChangeList entry={e} className="mt-1" />
        </li>
      ))}
    </ol>
  );
}

/** The fields an entry changed, "name: before → after" each. */
export function ChangeList({ entry, className = '' }: { entry: AuditEntry; className?: string }) {
  // Values may be long unbroken codes (permission lists): they wrap anywhere.
  return (
    <ul className={`text-xs break-all ${className}`}>
      {changes(entry).map(([k, before, after]) => (
        <li key={k}>
          <code>{k}</code>: {before} → {after}
        </li>
      ))}
    </ul>
  );
}

/** An action without a message of its own still reads as words: `redeem_code.create` → `redeem code create`. */
export const readableAction = (action: string) => action.replace(/[._]+/g, ' ').trim();

const shown = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Fields that differ as shown: a created record's empty fields (nothing → null) are no change. */
function changes(e: AuditEntry): [string, string, string][] {
  const keys = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  return [...keys]
    .filter((k) => k !== 'updated_at')
    .map((k): [string, string, string] => [k, shown(e.before?.[k]), shown(e.after?.[k])])
    .filter(([, before, after]) => before !== after);
}
