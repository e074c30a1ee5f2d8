import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useApiForm } from '../../auth/use-api-form.ts';
import { ImagePicker } from '../../images/image-picker.tsx';

/** One form field of a resource, described rather than written out. */
export interface FieldSpec {
  name: string;
  /** Translation key of the label. */
  label: string;
  type: 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'url';
  options?: { value: string | number; label: string }[];
  /** Empty input means null (optional numbers, texts and URLs). */
  nullable?: boolean;
  hint?: string;
  /** A URL field that may also be filled from the image library (icons). */
  picker?: boolean;
}

type Values = Record<string, unknown>;
const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** The create and edit form of every plain resource, validated by the contract's schema. */
export function ResourceForm({
  title,
  fields,
  schema,
  defaults,
  submit,
  listPath,
}: {
  title: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  defaults: Values;
  submit: (values: Values) => Promise<unknown>;
  listPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit, error } = useApiForm<Values>(
    schema as never,
    async (values) => {
      await submit(values);
      await navigate(listPath);
    },
    { defaultValues: defaults },
  );
  const { errors, isSubmitting } = form.formState;
  const message = (name: string) => errors[name]?.message as string | undefined;
  const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
  return (
    <form onSubmit={onSubmit} noValidate className="surface mx-auto flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-xl font-bold">{title}</h1>
      {error && <Alert>{error}</Alert>}
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
              {message(f.name) && <span className="text-xs text-rose-500">{message(f.name)}</span>}
            </label>
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
              {message(f.name) && <span className="text-xs text-rose-500">{message(f.name)}</span>}
            </label>
          );
        }
        const field = (
          <Field
            key={f.name}
            label={label}
            type={f.type}
            hint={f.hint ? t(f.hint) : undefined}
            error={message(f.name)}
            {...form.register(f.name, {
              setValueAs: (v) => {
                if (f.nullable && (v === '' || v === null || v === undefined)) return null;
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
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
