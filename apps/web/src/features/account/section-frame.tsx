import type { ReactNode } from 'react';

/** The frame of one /account section: its anchor, heading and short explanation. */
export function AccountSection({
  id,
  title,
  intro,
  tone = 'normal',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`account-section-${id}`}
      className={`surface flex scroll-mt-20 flex-col gap-4 p-4 sm:p-6 ${tone === 'danger' ? 'border border-rose-500/40' : ''}`}
    >
      <div>
        <h2
          id={`${id}-title`}
          className={`text-lg font-bold ${tone === 'danger' ? 'text-rose-600 dark:text-rose-400' : ''}`}
        >
          {title}
        </h2>
        {intro && <p className="text-sm text-muted">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
