import { type ServerDetail, type ServerUpdate, ServerUpdateSchema } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useApiForm } from '../auth/use-api-form.ts';
import { useUpdateServer } from './api.ts';
import { ServerNameFields } from './name-fields.tsx';
import { PageHeader } from './page-parts.tsx';
import { ResourceSliders } from './resource-sliders.tsx';
import { pickResources, type ResourceKey, resourceKeys } from './resources.ts';
import { ServerGate } from './server-gate.tsx';

type Values = Required<ServerUpdate>;

function startValues(detail: ServerDetail): Values {
  const { name, description } = detail.data;
  return { name, description, ...pickResources(detail.data) };
}

/** Only what differs from the server: the update is partial and the panel is touched only when needed. */
export function changedFields(values: Values, server: Values): ServerUpdate {
  return Object.fromEntries(
    (Object.keys(values) as (keyof Values)[])
      .filter((k) => (typeof values[k] === 'string' ? String(values[k]).trim() : values[k]) !== server[k])
      .map((k) => [k, values[k]]),
  );
}

/** /server/:id/update: name, description and resources within what the member may hold. */
export function UpdateServerPage() {
  return (
    <ServerGate refused={['missing', 'other_panel']}>
      {(detail, id) => <UpdateView detail={detail} id={id} />}
    </ServerGate>
  );
}

function UpdateView({ detail, id }: { detail: ServerDetail; id: string }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const start = startValues(detail);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={t('servers.update.title', { name: detail.data.name })}
        subtitle={t('servers.update.subtitle')}
      />
      {saved && (
        <Alert tone="success">
          <span data-testid="update-saved">{t('servers.update.saved')}</span>
        </Alert>
      )}
      {/* A fresh form once the saved server comes back, so "changed" is measured from it. */}
      <UpdateForm
        key={JSON.stringify(start)}
        id={id}
        start={start}
        max={detail.max}
        onSaving={() => setSaved(false)}
        onSaved={() => setSaved(true)}
      />
    </div>
  );
}

function UpdateForm({
  id,
  start,
  max,
  onSaving,
  onSaved,
}: {
  id: string;
  start: Values;
  max: ServerDetail['max'];
  onSaving: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateServer(id);
  const { form, onSubmit, error } = useApiForm<Values>(
    ServerUpdateSchema as never,
    async (values) => {
      onSaving();
      const body = changedFields(values, start);
      if (Object.keys(body).length === 0) return;
      await update.mutateAsync(body);
      onSaved();
    },
    { defaultValues: start },
    {
      fieldMessage: (err, field) =>
        err.code === 'INSUFFICIENT_RESOURCES' && (resourceKeys as readonly string[]).includes(field)
          ? t('servers.update.notEnough')
          : undefined,
    },
  );
  const values = form.watch();
  const { errors, isSubmitting } = form.formState;
  const changed = Object.keys(changedFields(values, start)).length > 0;
  const setResource = (k: ResourceKey, v: number) =>
    form.setValue(k, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="server-update-form">
      {error && <Alert>{error}</Alert>}
      <div className="surface grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
        <ServerNameFields register={form.register} errors={errors} />
      </div>
      <div className="surface p-4 sm:p-5">
        <ResourceSliders
          values={values}
          max={max}
          maxLabel="max"
          onChange={setResource}
          errors={Object.fromEntries(resourceKeys.map((k) => [k, errors[k]?.message]))}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {!changed && <p className="text-sm text-muted">{t('servers.update.nothing')}</p>}
        <Button type="submit" data-testid="update-submit" disabled={!changed || isSubmitting}>
          {isSubmitting ? t('common.working') : t('servers.update.submit')}
        </Button>
      </div>
    </form>
  );
}
