import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list of short texts entered one by one: Enter or a comma (typed or pasted) makes the text a chip,
 * and so does leaving the box; Backspace in the empty box takes the last chip away; each chip has its
 * remove button (Backspace or Delete on it work too). Duplicates and lengths are the schema's to
 * judge, so its message shows under the box.
 */
export function TagsField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  maxLength,
}: {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const add = (parts: string[]) => {
    const tags = parts.map((p) => p.trim()).filter(Boolean);
    if (tags.length > 0) onChange([...value, ...tags]);
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    // The removed chip's button is gone: keep the keyboard in the field.
    input.current?.focus();
  };
  const handleChange = (next: string) => {
    const parts = next.split(',');
    setText(parts.pop() ?? '');
    add(parts);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && text.trim() !== '') {
      e.preventDefault(); // a chip, not the form's submit
      add([text]);
      setText('');
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      e.preventDefault();
      remove(value.length - 1);
    }
  };
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div
        className={`flex min-h-10 flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 text-sm dark:bg-slate-900 ${error ? 'border-rose-500' : 'border-slate-300 dark:border-slate-700'}`}
      >
        {value.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={label}>
            {value.map((tag, i) => (
              <li
                // Duplicates are possible until the schema refuses them: the position keeps keys apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${i}:${tag}`}
                className="flex items-center gap-1 rounded-lg bg-slate-200 py-0.5 pr-0.5 pl-2 dark:bg-slate-800"
              >
                <span className="break-all">{tag}</span>
                <button
                  type="button"
                  className="rounded-md p-0.5 text-muted hover:bg-slate-300 dark:hover:bg-slate-700"
                  aria-label={t('resource.tags.remove', { tag })}
                  onClick={() => remove(i)}
                  onKeyDown={(e) => {
                    if (e.key === 'Backspace' || e.key === 'Delete') {
                      e.preventDefault();
                      remove(i);
                    }
                  }}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          ref={input}
          value={text}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-32 flex-1 bg-transparent px-1 py-0.5 text-slate-900 dark:text-slate-100"
          onChange={(e) => handleChange(e.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            add([text]);
            setText('');
            onBlur?.();
          }}
        />
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
