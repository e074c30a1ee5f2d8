import type { ServerDetail } from '@hostdeck/contracts';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useServer } from './api.ts';
import { LoadError, StatePanel } from './page-parts.tsx';

/** Loads the member's server of the URL; a server that is not theirs (404) gets a friendly page. */
export function ServerGate({ children }: { children: (detail: ServerDetail, id: string) => ReactNode }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const server = useServer(id);
  if (server.isPending) return <Loading label={t('common.loading')} />;
  if (server.isError) {
    if (server.error instanceof ApiError && server.error.status === 404)
      return (
        <StatePanel
          icon={SearchX}
          testId="server-not-found"
          title={t('servers.notFoundTitle')}
          message={t('servers.notFoundMessage')}
        />
      );
    return <LoadError error={server.error} />;
  }
  return <>{children(server.data, id)}</>;
}
