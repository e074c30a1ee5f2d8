import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One figure with its icon and label: a term and its value, inside a <dl>. */
export function Stat({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  testId: string;
}) {
  return (
    <div className="surface flex items-center gap-3 p-4">
      <Icon className="size-6 text-brand-500" aria-hidden />
      <div>
        <dt className="text-xs text-slate-500">{label}</dt>
        <dd className="font-semibold tabular-nums" data-testid={testId}>
          {value}
        </dd>
      </div>
    </div>
  );
}
