import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One figure with its icon and label: a term and its value, inside a <dl>. The group holds only the
 * <dt> and <dd> (what a description list allows); the icon sits in the term, drawn at the left.
 */
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
    <div className="surface relative p-4 pl-13">
      <dt className="text-xs text-muted">
        <Icon className="absolute top-1/2 left-4 size-6 -translate-y-1/2 text-brand-500" aria-hidden />
        {label}
      </dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
