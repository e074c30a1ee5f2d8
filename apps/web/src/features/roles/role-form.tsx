import { type Role, RoleCreateSchema, RoleUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { rolesApi } from './api.ts';

const CreateSchema = RoleCreateSchema.omit({ permissions: true });
const EditSchema = RoleUpdateSchema.omit({ updated_at: true });
type Values = z.infer<typeof CreateSchema>;

/** /mc-admin/roles/create and /mc-admin/roles/:id/edit: one form, the contract's schemas. */
export function RoleFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const role = rolesApi.useItem(id);
  if (id && role.isPending) return <Loading label={t('common.loading')} />;
  return <RoleForm key={role.data?.updated_at ?? 'new'} role={role.data} />;
}

function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = rolesApi.useCreate();
  const update = rolesApi.useUpdate(String(role?.id ?? ''));
  const { form, onSubmit, error } = useApiForm<Values>(
    (role ? EditSchema : CreateSchema) as never,
    async (values) => {
      if (role)
        await update.mutateAsync({
          display_name: values.display_name,
          color: values.color,
          level: values.level,
          updated_at: role.updated_at,
        });
      else await create.mutateAsync({ ...values, permissions: [] });
      await navigate('/mc-admin/roles');
    },
    {
      defaultValues: role
        ? { name: role.name, display_name: role.display_name, color: role.color, level: role.level }
        : { name: '', display_name: '', color: '#22d3ee', level: 2 },
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="surface mx-auto flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-xl font-bold">
        {role ? t('roles.editTitle', { name: role.display_name }) : t('roles.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('roles.key')}
        disabled={Boolean(role)}
        hint={t('roles.keyHint')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field label={t('roles.displayName')} error={errors.display_name?.message} {...form.register('display_name')} />
      <Field label={t('roles.color')} type="color" error={errors.color?.message} {...form.register('color')} />
      <Field
        label={t('roles.level')}
        type="number"
        min={1}
        max={8}
        hint={t('roles.levelHint')}
        error={errors.level?.message}
        {...form.register('level', { valueAsNumber: true })}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
