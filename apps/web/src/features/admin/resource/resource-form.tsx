import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../images/image-picker.tsx';
import { ResourceFormFrame } from './resource-edit-page.tsx';
import { TagsField } from './tags-field.tsx';
import { type EditorOptions, useResourceEditor, type Versioned } from './use-resource-editor.ts';

/** One form field of a resource, described rather than written out. */
export interface FieldSpec {
  name: string;
  /** Translation key of the label. */
  label: string;
  /** `tags`: a list of short texts, typed one by one (an array of strings). */
  type: 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'url' | 'tags';
  options?: { value: string | number; label: string }[];
  /** Empty input means null (optional numbers, texts and URLs). */
  nullable?: boolean;
  /**
   * A nullable text whose record may hold "" with a meaning of its own, which an empty box cannot
   * tell from null: the translation key of that meaning. A loaded "" shows it as the placeholder, and
   * the box left empty keeps the "".
   */
  blank?: string;
  hint?: string;
  /** The longest text the input takes. */
  maxLength?: number;
  /** A URL field that may also be filled from the image library (icons). */
  picker?: boolean;
}

type Values = Record<string, unknown>;
const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * The create and edit form of every plain resource, validated by the contract's schemas, its fields
 * described rather than written out.
 */
export function ResourceForm<Item extends Versioned>({
  title,
  fields,
  ...options
}: { title: string; fields: FieldSpec[] } & EditorOptions<Item, z.ZodType<Values>, unknown, unknown>) {
  const { t } = useTranslation();
  const editor = useResourceEditor(options);
  const { form, errors } = editor;
  const message = (name: string) => messageOf(errors[name]);
  const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
  return (
    <ResourceFormFrame editor={editor} title={title} cancelTo={options.listPath}>
      {fields.map((f) => {
        const label = t(f.label);
        if (f.type === 'checkbox') {
          return (
            <label key={f.name} className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4" {...form.register(f.name)} />
              {label}
            </label>
          );
        }
        if (f.type === 'select') {
          const numeric = typeof f.options?.[0]?.value === 'number';
          return (
            <label key={f.name} className="flex flex-col gap-1.5 text-sm font-medium">
              {label}
              <select
                aria-label={label}
                className={box}
                {...form.register(f.name, { setValueAs: (v) => (numeric ? Number(v) : v) })}
              >
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {message(f.name) && <span className="text-xs text-danger">{message(f.name)}</span>}
            </label>
          );
        }
        if (f.type === 'tags') {
          return (
            <Controller
              key={f.name}
              control={form.control}
              name={f.name}
              render={({ field }) => (
                <TagsField
                  label={label}
                  hint={f.hint ? t(f.hint) : undefined}
                  error={message(f.name)}
                  maxLength={f.maxLength}
                  value={(field.value as string[] | undefined) ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          );
        }
        if (f.type === 'textarea') {
          return (
            <label key={f.name} className="flex flex-col gap-1.5 text-sm font-medium">
              {label}
              <textarea
                aria-label={label}
                rows={3}
                className={box}
                {...form.register(f.name, { setValueAs: f.nullable ? emptyToNull : undefined })}
              />
              {message(f.name) && <span className="text-xs text-danger">{message(f.name)}</span>}
            </label>
          );
        }
        const keepsBlank = f.blank !== undefined && (options.item as Values | undefined)?.[f.name] === '';
        const field = (
          <Field
            key={f.name}
            label={label}
            type={f.type}
            hint={f.hint ? t(f.hint) : undefined}
            placeholder={keepsBlank && f.blank ? t(f.blank) : undefined}
            error={message(f.name)}
            maxLength={f.maxLength}
            {...form.register(f.name, {
              setValueAs: (v) => {
                if (f.nullable && (v === '' || v === null || v === undefined)) return keepsBlank ? '' : null;
                return f.type === 'number' ? Number(v) : v;
              },
            })}
          />
        );
        if (!f.picker) return field;
        return (
          <div key={f.name} className="flex flex-col gap-2">
            {field}
            <ImagePicker
              testId={`${f.name}-picker`}
              onPick={(address) => form.setValue(f.name, address, { shouldDirty: true, shouldValidate: true })}
            />
          </div>
        );
      })}
    </ResourceFormFrame>
  );
}

/** A field's error, or (a list's) the error of the list or of its first wrong item. */
const isError = (e: unknown): e is FieldError => typeof (e as FieldError | null)?.message === 'string';
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (isError(error)) return error.message;
  const { root } = error as { root?: unknown };
  if (isError(root)) return root.message;
  return Object.values(error).find(isError)?.message;
}
