import {
  type WebVitalName,
  type WebVitalRating,
  webVitalNames,
  webVitalRating,
  webVitalThresholds,
} from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '../../lib/format.ts';
import { useWebVitals } from './api.ts';

const ratingClass: Record<WebVitalRating, string> = {
  good: 'text-emerald-700 dark:text-emerald-400',
  'needs-improvement': 'text-amber-700 dark:text-amber-400',
  poor: 'text-rose-700 dark:text-rose-400',
};

/** CLS has no unit (two decimals tell its ratings apart); the others are milliseconds. */
const show = (f: Formatters, name: WebVitalName, value: number) =>
  name === 'CLS' ? value.toFixed(2) : `${f.number(Math.round(value))} ms`;

/**
 * Part of the analytics widget (same permission): the p75 of each web-vital per day, newest first,
 * each value coloured and labelled with web.dev's rating; days without beacons are left out.
 */
export function WebVitalsTable() {
  const { t } = useTranslation();
  const f = useFormat();
  const { data } = useWebVitals();
  if (!data) return null;
  return (
    <section aria-labelledby="web-vitals-title" data-testid="web-vitals">
      <h3 id="web-vitals-title" className="text-sm font-semibold">
        {t('adminDashboard.webVitals.title')}
      </h3>
      {data.length === 0 ? (
        <p className="text-sm text-muted">{t('adminDashboard.webVitals.empty')}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm tabular-nums">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-2">
                {t('adminDashboard.webVitals.day')}
              </th>
              {webVitalNames.map((name) => (
                <th key={name} scope="col" className="py-1 pr-2">
                  <abbr title={t(`adminDashboard.webVitals.names.${name}`)}>{name}</abbr>
                  <span className="block text-xs font-normal text-muted">
                    ≤ {show(f, name, webVitalThresholds[name].good)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...data].reverse().map((day) => (
              <tr key={day.day} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {day.day}
                </th>
                {webVitalNames.map((name) => {
                  const value = day.p75[name];
                  if (value === undefined) return <td key={name}>–</td>;
                  const rating = webVitalRating(name, value);
                  return (
                    <td key={name} className={`py-1 pr-2 ${ratingClass[rating]}`} data-testid={`p75-${name}`}>
                      {show(f, name, value)}
                      <span className="block text-xs">{t(`adminDashboard.webVitals.ratings.${rating}`)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-1 text-xs text-muted">{t('adminDashboard.webVitals.note')}</p>
    </section>
  );
}
