import { type Department, DepartmentCreateSchema, DepartmentUpdateSchema } from '@hostdeck/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { LoadError, secondaryLink } from '../servers/page-parts.tsx';
import { BASE, departmentsApi } from './api.ts';

const EditSchema = DepartmentUpdateSchema.omit({ updated_at: true });
type Values = z.infer<typeof DepartmentCreateSchema>;
const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500';

/** /mc-admin/departments/create and /:id/edit: one form, validated by the contract's schemas. */
export function DepartmentFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const department = departmentsApi.useItem(id);
  if (id && department.isPending) return <Loading label={t('common.loading')} />;
  if (id && department.isError) return <LoadError error={department.error} />;
  return <DepartmentForm key={department.data?.updated_at ?? 'new'} department={department.data} />;
}

function DepartmentForm({ department }: { department?: Department }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const descriptionId = useId();
  const create = departmentsApi.useCreate();
  const update = departmentsApi.useUpdate(String(department?.id ?? ''));
  const { form, onSubmit, error } = useApiForm<Values>(
    (department ? EditSchema : DepartmentCreateSchema) as never,
    async (values) => {
      try {
        if (department) await update.mutateAsync({ ...values, updated_at: department.updated_at });
        else await create.mutateAsync(values);
      } catch (err) {
        // Names are unique: a taken one is this field's problem.
        if (err instanceof ApiError && err.code === 'ALREADY_EXISTS') {
          form.setError('name', { message: t('departments.taken') });
          return;
        }
        throw err;
      }
      await navigate(BASE);
    },
    {
      defaultValues: department
        ? {
            name: department.name,
            description: department.description,
            opening_hours: department.opening_hours,
            enabled: department.enabled,
          }
        : { name: '', description: '', opening_hours: '', enabled: true },
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="surface mx-auto flex max-w-xl flex-col gap-4 p-6"
      data-testid="department-form"
    >
      <h1 className="text-xl font-bold break-words">
        {department ? t('departments.editTitle', { name: department.name }) : t('departments.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('departments.fields.name')}
        maxLength={64}
        data-testid="department-name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('departments.fields.description')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={500}
          className={box}
          aria-invalid={errors.description ? true : undefined}
          data-testid="department-description"
          {...form.register('description')}
        />
        {errors.description?.message && (
          <p role="alert" className="text-xs font-medium text-rose-500">
            {errors.description.message}
          </p>
        )}
      </div>
      <Field
        label={t('departments.fields.opening_hours')}
        hint={t('departments.hints.opening_hours')}
        maxLength={120}
        data-testid="department-hours"
        error={errors.opening_hours?.message}
        {...form.register('opening_hours')}
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" data-testid="department-enabled" {...form.register('enabled')} />
        {t('departments.fields.enabled')}
      </label>
      <p className="text-xs text-slate-500">{t('departments.hints.enabled')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button type="submit" data-testid="department-submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
