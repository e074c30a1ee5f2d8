import { type Department, DepartmentCreateSchema, DepartmentUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { TextAreaField } from '../admin/resource/text-area-field.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { BASE, departmentsApi } from './api.ts';

/** /mc-admin/departments/create and /:id/edit: one form, validated by the contract's schemas. */
export function DepartmentFormPage() {
  return (
    <ResourceEditPage api={departmentsApi}>
      {(department) => <DepartmentForm department={department} />}
    </ResourceEditPage>
  );
}

function DepartmentForm({ department }: { department?: Department }) {
  const { t } = useTranslation();
  const editor = useResourceEditor({
    api: departmentsApi,
    item: department,
    create: DepartmentCreateSchema,
    update: DepartmentUpdateSchema,
    listPath: BASE,
    // Names are unique: a taken one is this field's problem.
    unique: { field: 'name', message: 'departments.taken' },
    defaults: (d) =>
      d
        ? { name: d.name, description: d.description, opening_hours: d.opening_hours, enabled: d.enabled }
        : { name: '', description: '', opening_hours: '', enabled: true },
  });
  const { form, errors } = editor;
  return (
    <ResourceFormFrame
      editor={editor}
      title={department ? t('departments.editTitle', { name: department.name }) : t('departments.createTitle')}
      cancelTo={BASE}
      testId="department"
    >
      <Field
        label={t('departments.fields.name')}
        maxLength={64}
        data-testid="department-name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label={t('departments.fields.description')}
        maxLength={500}
        data-testid="department-description"
        error={errors.description?.message}
        {...form.register('description')}
      />
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
      <p className="text-xs text-muted">{t('departments.hints.enabled')}</p>
    </ResourceFormFrame>
  );
}
