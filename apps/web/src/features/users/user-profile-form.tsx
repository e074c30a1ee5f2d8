import { type AdminUser, UserUpdateSchema } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { rolesApi } from '../roles/api.ts';
import { usersApi, useWayInLocked } from './api.ts';

const FormSchema = UserUpdateSchema.omit({ updated_at: true });
type FormValues = z.infer<typeof FormSchema>;
const limits = [
  'memory_limit',
  'cpu_limit',
  'disk_limit',
  'server_limit',
  'allocation_limit',
  'database_limit',
  'backup_limit',
] as const;

/** Profile, role, verification and resource limits; saved with the version it was loaded at. */
export function UserProfileForm({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const { t } = useTranslation();
  const update = usersApi.useUpdate(user.id);
  const canRoles = useCan('admin.roles.list');
  const wayInLocked = useWayInLocked(user);
  const roles = rolesApi.useList(new URLSearchParams({ per_page: '100', sort: 'level' }));
  const { form, onSubmit, error } = useApiForm<FormValues>(
    FormSchema,
    async (values) => {
      await update.mutateAsync({ ...values, updated_at: user.updated_at });
      onSaved();
    },
    { defaultValues: pick(user) },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="surface flex flex-col gap-4 p-5" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-lg font-semibold">
        {t('users.profile')}
      </h2>
      {error && <Alert>{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.fields.username')} error={errors.username?.message} {...form.register('username')} />
        <Field
          label={t('auth.fields.email')}
          type="email"
          error={errors.email?.message}
          readOnly={wayInLocked}
          hint={wayInLocked ? t('users.wayInLocked') : undefined}
          {...form.register('email')}
        />
        <Field label={t('auth.fields.firstName')} error={errors.first_name?.message} {...form.register('first_name')} />
        <Field label={t('auth.fields.lastName')} error={errors.last_name?.message} {...form.register('last_name')} />
        {/* Mounted once the roles are there, so the select starts on the member's own role. */}
        {canRoles && roles.data && (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('users.role')}
            <select
              aria-label={t('users.role')}
              className="min-h-10 rounded-xl border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
              {...form.register('role_id', { valueAsNumber: true })}
            >
              {roles.data.data.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.display_name} ({r.level})
                </option>
              ))}
            </select>
            {errors.role_id && <span className="text-xs text-danger">{errors.role_id.message}</span>}
          </label>
        )}
        <label className="flex items-center gap-2 self-end text-sm font-medium">
          <input type="checkbox" className="size-4" {...form.register('verified')} />
          {t('users.verified')}
        </label>
      </div>
      <h3 className="mt-2 text-sm font-semibold text-muted">{t('users.limitsTitle')}</h3>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {limits.map((k) => (
          <Field
            key={k}
            label={t(`users.limits.${k}`)}
            type="number"
            min={0}
            error={errors[k]?.message}
            {...form.register(k, { valueAsNumber: true })}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}

/** Only the editable fields: the contract's update schema is strict and refuses anything else. */
function pick(user: AdminUser): FormValues {
  const { username, email, first_name, last_name, role_id, verified } = user;
  return {
    username,
    email,
    first_name,
    last_name,
    role_id,
    verified,
    ...Object.fromEntries(limits.map((k) => [k, user[k]])),
  };
}
