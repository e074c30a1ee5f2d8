import { type Role, RoleCreateSchema, RoleUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { ResourceEditPage, ResourceFormFrame } from '../admin/resource/resource-edit-page.tsx';
import { useResourceEditor } from '../admin/resource/use-resource-editor.ts';
import { rolesApi } from './api.ts';

/** /mc-admin/roles/create and /mc-admin/roles/:id/edit: one form, the contract's schemas. */
export function RoleFormPage() {
  return <ResourceEditPage api={rolesApi}>{(role) => <RoleForm role={role} />}</ResourceEditPage>;
}

function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation();
  const editor = useResourceEditor({
    api: rolesApi,
    item: role,
    // Permissions are edited on their own page; a new role starts with none, and the key never changes.
    create: RoleCreateSchema.omit({ permissions: true }),
    update: RoleUpdateSchema,
    listPath: '/mc-admin/roles',
    toCreate: (values) => ({ ...values, permissions: [] }),
    toUpdate: ({ display_name, color, level }) => ({ display_name, color, level }),
    defaults: (r) =>
      r
        ? { name: r.name, display_name: r.display_name, color: r.color, level: r.level }
        : { name: '', display_name: '', color: '#22d3ee', level: 2 },
  });
  const { form, errors } = editor;
  return (
    <ResourceFormFrame
      editor={editor}
      title={role ? t('roles.editTitle', { name: role.display_name }) : t('roles.createTitle')}
      cancelTo="/mc-admin/roles"
    >
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
    </ResourceFormFrame>
  );
}
