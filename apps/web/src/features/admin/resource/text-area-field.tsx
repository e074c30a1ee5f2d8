import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';

const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

/** A labelled three-line text area with its error in place, the look of `Field`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <textarea id={id} ref={ref} rows={3} className={box} aria-invalid={error ? true : undefined} {...props} />
      {error && (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
