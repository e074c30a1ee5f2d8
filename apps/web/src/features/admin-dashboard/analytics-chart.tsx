import type { AnalyticsDay } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { intlLocale } from '../../lib/format.ts';

const colors = {
  signups: '#6366f1',
  servers: '#10b981',
  tickets: '#f59e0b',
  coins_earned: '#22c55e',
  coins_spent: '#ef4444',
};

/** The charts themselves (recharts), in their own chunk: only staff with the widget load them. */
export default function AnalyticsChart({ days }: { days: AnalyticsDay[] }) {
  const { t, i18n } = useTranslation();
  const short = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
  const name = (k: keyof typeof colors) => t(`adminDashboard.analytics.${k}`);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="h-64 min-w-0">
        <figcaption className="mb-1 text-xs text-muted">{t('adminDashboard.analytics.activity')}</figcaption>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={days} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="day" tickFormatter={label} fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip labelFormatter={(d) => label(String(d))} />
            <Legend />
            {(['signups', 'servers', 'tickets'] as const).map((k) => (
              <Line key={k} type="monotone" dataKey={k} name={name(k)} stroke={colors[k]} dot={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="h-64 min-w-0">
        <figcaption className="mb-1 text-xs text-muted">{t('adminDashboard.analytics.coins')}</figcaption>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 8, bottom: 4, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="day" tickFormatter={label} fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip labelFormatter={(d) => label(String(d))} />
            <Legend />
            {(['coins_earned', 'coins_spent'] as const).map((k) => (
              <Bar key={k} dataKey={k} name={name(k)} fill={colors[k]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
