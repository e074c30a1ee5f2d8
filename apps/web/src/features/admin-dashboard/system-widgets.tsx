import { type LogLevel, logLevels } from '@hostdeck/contracts';
import { Database, FileText, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from '../../components/ui/safe-markdown.tsx';
import { ScrollRegion } from '../../components/ui/scroll-region.tsx';
import { useFormat } from '../../lib/format.ts';
import { useLogs, useOverview, useUpdates } from './api.ts';
import { WidgetCard } from './widget-card.tsx';

/** "3 d 4 h", "5 h 12 min", "42 min": how long the server has been running. */
export function uptimeParts(seconds: number): { key: 'days' | 'hours' | 'minutes'; a: number; b: number } {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return { key: 'days', a: d, b: h };
  if (h > 0) return { key: 'hours', a: h, b: m };
  return { key: 'minutes', a: m, b: 0 };
}

export function OverviewWidget() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useOverview();
  return (
    <WidgetCard id="overview" title={t('adminDashboard.overview.title')} icon={Database} query={query}>
      {(o) => {
        const up = uptimeParts(o.uptime_seconds);
        const rows: [string, string][] = [
          [t('adminDashboard.overview.version'), o.version],
          [t('adminDashboard.overview.uptime'), t(`adminDashboard.overview.uptime_${up.key}`, { a: up.a, b: up.b })],
          [
            t('adminDashboard.overview.database'),
            `${t(`adminDashboard.overview.db_${o.database.kind}`)} · ${f.megabytes(Math.round((o.database.size_bytes / 1_048_576) * 10) / 10)}`,
          ],
          [t('adminDashboard.overview.members'), f.number(o.counts.members)],
          [t('adminDashboard.overview.servers'), f.number(o.counts.servers)],
          [t('adminDashboard.overview.queued'), f.number(o.counts.queued)],
          [t('adminDashboard.overview.openTickets'), f.number(o.counts.open_tickets)],
        ];
        return (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd className="text-right font-medium tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
        );
      }}
    </WidgetCard>
  );
}

export function UpdatesWidget() {
  const { t } = useTranslation();
  const query = useUpdates();
  return (
    <WidgetCard
      id="updates"
      title={t('adminDashboard.updates.title')}
      icon={FileText}
      query={query}
      isEmpty={(u) => !u.changelog}
      empty={t('adminDashboard.updates.none')}
    >
      {(u) => (
        <>
          <p className="text-sm">{t('adminDashboard.updates.current', { version: u.version })}</p>
          <ScrollRegion
            label={t('adminDashboard.updates.title')}
            className="max-h-72 overflow-auto rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800/60"
          >
            <SafeMarkdown className="prose-sm">{u.changelog ?? ''}</SafeMarkdown>
          </ScrollRegion>
        </>
      )}
    </WidgetCard>
  );
}

const levelTone: Partial<Record<LogLevel, string>> = {
  warn: 'text-amber-700 dark:text-amber-400',
  error: 'text-rose-600 dark:text-rose-400',
  fatal: 'text-rose-700 font-semibold dark:text-rose-300',
};

export function LogsWidget() {
  const { t } = useTranslation();
  const f = useFormat();
  const [level, setLevel] = useState<LogLevel>('info');
  const query = useLogs(level);
  return (
    <WidgetCard
      id="logs"
      wide
      title={t('adminDashboard.logs.title')}
      icon={ScrollText}
      query={query}
      isEmpty={(lines) => lines.length === 0}
      empty={t('adminDashboard.logs.empty')}
      actions={
        <label className="flex max-w-full min-w-0 items-center gap-2 text-sm">
          <span className="text-muted">{t('adminDashboard.logs.level')}</span>
          <select
            value={level}
            onChange={(e) => setLevel(e.target.value as LogLevel)}
            className="min-h-9 min-w-0 rounded-lg border border-slate-300 bg-transparent px-2 dark:border-slate-700 dark:bg-slate-900"
          >
            {logLevels.map((l) => (
              <option key={l} value={l}>
                {t(`adminDashboard.logs.levels.${l}`)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {(lines) => (
        <ol className="max-h-80 overflow-auto font-mono text-xs" data-testid="log-lines">
          {lines.map((l) => (
            <li key={l.id} className={`break-words ${levelTone[l.level] ?? ''}`}>
              {f.dateTime(l.time)} [{l.level}] {l.message}
              {Object.keys(l.context).length > 0 && <span className="text-muted"> {JSON.stringify(l.context)}</span>}
            </li>
          ))}
        </ol>
      )}
    </WidgetCard>
  );
}
