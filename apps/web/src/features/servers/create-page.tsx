import type { ServerRequest } from '@hostdeck/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, ServerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { useFormat } from '../../lib/format.ts';
import { serverKeys, useRequestServer, useServerOptions } from './api.ts';
import { DemoPanelNote } from './demo-panel-note.tsx';
import { catalogueEmpty, EmptyCatalogue } from './empty-catalogue.tsx';
import { LoadError, PageHeader, StatePanel } from './page-parts.tsx';
import { pickResources } from './resources.ts';
import { ServerWizard } from './server-wizard.tsx';

/** /server/create: the member asks for a server within their free resources; the queue builds it. */
export function CreateServerPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const options = useServerOptions();
  const request = useRequestServer();
  if (options.isPending) return <Loading label={t('common.loading')} />;
  if (options.isError) return <LoadError error={options.error} />;
  const o = options.data;
  if (!o.enabled)
    return (
      <StatePanel
        icon={Ban}
        tone="amber"
        testId="server-creation-off"
        title={t('servers.create.offTitle')}
        message={t('servers.create.offMessage')}
      />
    );
  if (catalogueEmpty(o)) return <EmptyCatalogue panel={o.panel} />;
  if (o.free.servers < 1)
    return (
      <StatePanel
        icon={ServerOff}
        tone="amber"
        testId="no-server-slot"
        title={t('servers.create.noSlotTitle')}
        message={t('servers.create.noSlotMessage')}
      />
    );
  const submit = async (values: ServerRequest) => {
    try {
      await request.mutateAsync(values);
    } catch (err) {
      // Slots, free resources or a location may have changed meanwhile: show the current ones.
      void client.invalidateQueries({ queryKey: serverKeys.options });
      throw err;
    }
    await navigate('/dashboard');
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader
        title={t('servers.create.title')}
        subtitle={t('servers.create.subtitle', {
          count: o.free.servers,
          amount: f.number(o.free.servers),
        })}
      />
      <DemoPanelNote panel={o.panel} />
      <ServerWizard
        options={o}
        max={pickResources(o.free)}
        enforceVip
        submitLabel={t('servers.create.submit')}
        submit={submit}
      />
    </div>
  );
}
