import { LoaderCircle } from 'lucide-react';

/** A loading indicator; the label is passed in so it can show before translations exist. */
export function Loading({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-muted ${fullPage ? 'min-h-dvh' : 'py-16'}`}
    >
      <LoaderCircle className="size-5 animate-spin text-brand-400" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  );
}
