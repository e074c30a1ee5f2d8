import type { AdminQueueCreate, AdminUser, ServerRequest } from '@hostdeck/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { queueApi } from '../server-queue/api.ts';
import { useServerOptions } from './api.ts';
import { MemberPicker } from './member-picker.tsx';
import { LoadError, PageHeader } from './page-parts.tsx';
import { contractMaximums } from './resources.ts';
import { ServerWizard } from './server-wizard.tsx';

/**
 * /mc-admin/server-queue/create: an administrator queues a server for a member. The lists are the
 * administrator's own view; the sliders go to the contract's maximums, since the server judges the
 * request against the member's limits, slots and VIP access.
 */
export function AdminQueueCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useServerOptions();
  const create = queueApi.useCreate();
  const [member, setMember] = useState<AdminUser | null>(null);
  const submit = async (values: ServerRequest) => {
    if (!member) return;
    const body: AdminQueueCreate = { ...values, user_id: member.id };
    const item = await create.mutateAsync(body);
    await navigate(`/mc-admin/server-queue/${item.id}`);
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader
        title={t('servers.admin.queueTitle')}
        subtitle={t('servers.admin.queueSubtitle')}
        back="/mc-admin/server-queue"
        backLabel={t('queue.back')}
      />
      <section className="surface flex flex-col gap-3 p-4 sm:p-5" aria-labelledby="queue-member-title">
        <h2 id="queue-member-title" className="text-lg font-semibold">
          {t('servers.admin.member')}
        </h2>
        <MemberPicker value={member} onChange={setMember} />
      </section>
      {options.isPending && <Loading label={t('common.loading')} />}
      {options.isError && <LoadError error={options.error} />}
      {options.data && (
        <section className="flex flex-col gap-4" aria-label={t('servers.admin.serverSection')}>
          {!options.data.enabled && <Alert tone="info">{t('servers.admin.creationOff')}</Alert>}
          <ServerWizard
            options={options.data}
            max={contractMaximums}
            bound="max"
            enforceVip={false}
            blocked={member ? null : t('servers.admin.pickMemberFirst')}
            forMember
            submitLabel={t('servers.admin.queueSubmit')}
            submit={submit}
          />
        </section>
      )}
    </div>
  );
}
