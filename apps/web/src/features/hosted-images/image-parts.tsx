import type { HostedImageUsage } from '@hostdeck/contracts';
import { ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useSetting } from '../../lib/use-settings.ts';
import { formatSize } from '../images/api.ts';
import { StatePanel } from '../servers/page-parts.tsx';
import { isOff } from './api.ts';

/** Image hosting switched off: the public setting says so, or the server answered FEATURE_DISABLED. */
export function useImagesOff(error?: unknown): boolean {
  return useSetting<boolean>('images_enabled') === false || isOff(error);
}

export function ImagesOff() {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={ImageOff}
      tone="amber"
      testId="images-off"
      title={t('hostedImages.offTitle')}
      message={t('hostedImages.offMessage')}
    />
  );
}

/** The three image pages, one tab each. */
export function ImagesTabs() {
  const { t } = useTranslation();
  const tabs = [
    ['/images', t('hostedImages.tabs.gallery')],
    ['/images/upload', t('hostedImages.tabs.upload')],
    ['/images/config', t('hostedImages.tabs.config')],
  ] as const;
  return (
    <nav aria-label={t('nav.images')} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {tabs.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? 'border-brand-500 text-brand-600 dark:text-brand-300' : 'border-transparent text-muted hover:text-slate-800 dark:hover:text-slate-200'}`
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

function Meter({ label, used, limit, text }: { label: string; used: number; limit: number; text: string }) {
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="flex min-w-48 flex-1 flex-col gap-1">
      <div className="flex justify-between gap-2 text-xs">
        <span className="font-semibold">{label}</span>
        <span className="text-muted tabular-nums">{text}</span>
      </div>
      {limit > 0 && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className={`h-full ${pct >= 90 ? 'bg-rose-500' : 'bg-brand-500'}`} style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}

/** Space and pictures used against the quota ("no limit" when the panel sets none), and the price of an upload. */
export function UsageBar({ usage }: { usage: HostedImageUsage }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const size = (n: number) => formatSize(n, i18n.language);
  return (
    <section className="surface flex flex-wrap items-center gap-4 p-4" data-testid="image-usage">
      <Meter
        label={t('hostedImages.usage.space')}
        used={usage.bytes}
        limit={usage.quota_bytes}
        text={
          usage.quota_bytes > 0
            ? t('hostedImages.usage.of', { used: size(usage.bytes), limit: size(usage.quota_bytes) })
            : t('hostedImages.usage.noLimit', { used: size(usage.bytes) })
        }
      />
      <Meter
        label={t('hostedImages.usage.images')}
        used={usage.count}
        limit={usage.quota_count}
        text={
          usage.quota_count > 0
            ? t('hostedImages.usage.of', { used: f.number(usage.count), limit: f.number(usage.quota_count) })
            : t('hostedImages.usage.noLimit', { used: f.number(usage.count) })
        }
      />
      {usage.cost > 0 && (
        <p className="text-xs font-semibold text-amber-700 dark:text-amber-400" data-testid="image-cost">
          {t('hostedImages.usage.cost', { count: usage.cost, coins: f.number(usage.cost) })}
        </p>
      )}
    </section>
  );
}
