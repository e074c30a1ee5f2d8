import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldValues, type Path, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';

/**
 * react-hook-form with the contract's zod schema; the server's field errors land on their fields,
 * any other error becomes a translated message (`errors.<CODE>`).
 */
export function useApiForm<T extends FieldValues>(
  schema: z.ZodType<T, FieldValues>,
  submit: (values: T) => Promise<void>,
  options: UseFormProps<T> = {},
) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    mode: 'onTouched',
    ...options,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await submit(values as T);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.entries(err.fields);
        for (const [name, message] of fields) form.setError(name as Path<T>, { message });
        if (fields.length === 0 || err.code !== 'VALIDATION_ERROR')
          setError(t(`errors.${err.code}`, { defaultValue: err.message }));
      } else {
        setError(t('errors.SERVER_ERROR'));
      }
    }
  });
  return { form, onSubmit, error };
}
