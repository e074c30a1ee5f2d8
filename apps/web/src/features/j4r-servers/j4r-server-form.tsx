import { type J4rServer, J4rServerCreateSchema, J4rServerUpdateSchema } from '@hostdeck/contracts';
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
import { BASE, j4rServersApi } from './api.ts';

const EditSchema = J4rServerUpdateSchema.omit({ updated_at: true });
type Values = z.infer<typeof J4rServerCreateSchema>;
const box =
  'min-h-10 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 aria-invalid:border-rose-500';

/** /mc-admin/j4r-servers/create and /:id/edit: one form, validated by the contract's schemas. */
export function J4rServerFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const server = j4rServersApi.useItem(id);
  if (id && server.isPending) return <Loading label={t('common.loading')} />;
  if (id && server.isError) return <LoadError error={server.error} />;
  return <J4rServerForm key={server.data?.updated_at ?? 'new'} server={server.data} />;
}

function J4rServerForm({ server }: { server?: J4rServer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const descriptionId = useId();
  const create = j4rServersApi.useCreate();
  const update = j4rServersApi.useUpdate(String(server?.id ?? ''));
  const { form, onSubmit, error } = useApiForm<Values>(
    (server ? EditSchema : J4rServerCreateSchema) as never,
    async (values) => {
      try {
        if (server) await update.mutateAsync({ ...values, updated_at: server.updated_at });
        else await create.mutateAsync(values);
      } catch (err) {
        // One entry per Discord server: a server listed already is this field's problem.
        if (err instanceof ApiError && err.code === 'ALREADY_EXISTS') {
          form.setError('guild_id', { message: t('j4rServers.taken') });
          return;
        }
        throw err;
      }
      await navigate(BASE);
    },
    {
      defaultValues: server
        ? {
            name: server.name,
            guild_id: server.guild_id,
            invite_code: server.invite_code,
            description: server.description,
            icon_url: server.icon_url,
            coins: server.coins,
            enabled: server.enabled,
          }
        : { name: '', guild_id: '', invite_code: '', description: '', icon_url: null, coins: 100, enabled: true },
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="surface mx-auto flex max-w-xl flex-col gap-4 p-6"
      data-testid="j4r-server-form"
    >
      <h1 className="text-xl font-bold break-words">
        {server ? t('j4rServers.editTitle', { name: server.name }) : t('j4rServers.createTitle')}
      </h1>
      {error && <Alert>{error}</Alert>}
      <Field
        label={t('j4rServers.fields.name')}
        maxLength={100}
        data-testid="j4r-name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label={t('j4rServers.fields.guild_id')}
        hint={t('j4rServers.hints.guild_id')}
        inputMode="numeric"
        autoComplete="off"
        className="[&_input]:font-mono"
        maxLength={20}
        data-testid="j4r-guild"
        error={errors.guild_id?.message}
        {...form.register('guild_id')}
      />
      <Field
        label={t('j4rServers.fields.invite_code')}
        hint={t('j4rServers.hints.invite_code')}
        autoComplete="off"
        spellCheck={false}
        data-testid="j4r-invite"
        error={errors.invite_code?.message}
        {...form.register('invite_code')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('j4rServers.fields.description')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={500}
          className={box}
          aria-invalid={errors.description ? true : undefined}
          data-testid="j4r-description"
          {...form.register('description')}
        />
        {errors.description?.message && (
          <p role="alert" className="text-xs font-medium text-rose-500">
            {errors.description.message}
          </p>
        )}
      </div>
      <Field
        label={t('j4rServers.fields.icon_url')}
        hint={t('j4rServers.hints.icon_url')}
        type="url"
        data-testid="j4r-icon"
        error={errors.icon_url?.message}
        {...form.register('icon_url', {
          setValueAs: (v) => (v === '' || v === null || v === undefined ? null : String(v).trim()),
        })}
      />
      <Field
        label={t('j4rServers.fields.coins')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        data-testid="j4r-coins"
        error={errors.coins?.message}
        {...form.register('coins', { setValueAs: (v) => (v === '' || v === null ? Number.NaN : Number(v)) })}
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" data-testid="j4r-enabled" {...form.register('enabled')} />
        {t('j4rServers.fields.enabled')}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={BASE} className={secondaryLink}>
          {t('resource.cancel')}
        </Link>
        <Button type="submit" data-testid="j4r-submit" disabled={isSubmitting}>
          {t('resource.save')}
        </Button>
      </div>
    </form>
  );
}
