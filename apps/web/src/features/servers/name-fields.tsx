import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';

const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-rose-500';

type Named = { name?: string; description?: string };

/** A server's name and description, as the create and update forms both ask for them. */
export function ServerNameFields<T extends Named>({
  register,
  errors,
  tall = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The description spans two grid rows (beside the summary on the create form). */
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<Named>;
  const err = errors as FieldErrors<Named>;
  const nameError =
    err.name?.type === 'too_small' ? t('servers.create.nameRequired') : (err.name?.message as string | undefined);
  return (
    <>
      <Field
        label={t('servers.create.name')}
        data-testid="server-name"
        autoComplete="off"
        maxLength={64}
        error={nameError}
        {...reg('name')}
      />
      <label
        className={`flex flex-col gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300 ${tall ? 'sm:row-span-2' : ''}`}
      >
        {t('servers.create.description')}
        <textarea
          rows={3}
          maxLength={255}
          data-testid="server-description"
          aria-invalid={err.description ? true : undefined}
          className={box}
          {...reg('description')}
        />
        {err.description && (
          <span role="alert" className="text-xs font-medium text-danger">
            {err.description.message}
          </span>
        )}
      </label>
    </>
  );
}
