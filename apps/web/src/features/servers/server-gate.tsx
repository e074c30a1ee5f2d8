import type { ServerDetail } from '@hostdeck/contracts';
import { SearchX, ServerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useServer } from './api.ts';
import { LoadError, StatePanel } from './page-parts.tsx';

/** Statuses the panel cannot act on (decision 0013): changes to such a server are refused by the API. */
type Unreachable = 'missing' | 'other_panel';

/**
 * Loads the member's server of the URL; a server that is not theirs (404) gets a friendly page, and so
 * does one in a state the page's action is refused in (`refused`), before any form or price is shown.
 */
export function ServerGate({
  children,
  refused = [],
}: {
  children: (detail: ServerDetail, id: string) => ReactNode;
  refused?: readonly Unreachable[];
}) {
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
  const status = server.data.data.status;
  if ((refused as readonly string[]).includes(status))
    return (
      <StatePanel
        icon={ServerOff}
        testId="server-unreachable"
        title={t(`dashboard.serverStatus.${status}`)}
        message={t(status === 'missing' ? 'dashboard.missingNote' : 'dashboard.otherPanelNote')}
      />
    );
  return <>{children(server.data, id)}</>;
}
