import type { ReactNode } from 'react';

/**
 * A box whose text scrolls (a changelog, a mail's text, a stack trace) and holds nothing focusable:
 * it takes the focus itself so the keyboard can scroll it (Tab, then the arrow keys), and is a named
 * region so a screen reader says what it is (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  as: Tag = 'div',
  className,
  children,
  testId,
}: {
  label: string;
  as?: 'div' | 'pre';
  className: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tag role="region" aria-label={label} tabIndex={0} className={className} data-testid={testId}>
      {children}
    </Tag>
  );
}
