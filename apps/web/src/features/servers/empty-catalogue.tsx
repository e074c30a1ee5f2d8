import type { ServerOptions } from '@hostdeck/contracts';
import { PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/permissions.ts';
import { DemoPanelButton } from '../admin/demo-panel-button.tsx';
import { StatePanel } from './page-parts.tsx';

/** Nothing can be created without at least one location and one server type. */
export const catalogueEmpty = (o: Pick<ServerOptions, 'locations' | 'eggs'>) =>
  o.locations.length === 0 || o.eggs.length === 0;

/**
 * The create page on an empty catalogue. Members are told to come back; staff are told where the
 * catalogue comes from (a panel, or the demo panel when none is connected), with a link.
 */
export function EmptyCatalogue({ panel }: { panel: ServerOptions['panel'] }) {
  const { t } = useTranslation();
  const canSettings = useCan('admin.settings.edit');
  const canCatalogue = useCan('admin.locations.list');
  const staff = canSettings || canCatalogue;
  return (
    <StatePanel
      icon={PackageOpen}
      testId="empty-catalogue"
      title={t('servers.create.emptyTitle')}
      message={t('servers.create.emptyMessage')}
    >
      {staff && (
        <div className="flex flex-col items-center gap-3 text-sm" data-testid="empty-catalogue-staff">
          {panel === null ? (
            <p>
              {t('servers.create.staffConnect')}{' '}
              <Link to="/mc-admin/settings#settings-panel" className="font-medium text-brand-600 hover:underline">
                {t('servers.create.staffConnectLink')}
              </Link>
            </p>
          ) : (
            <p>
              {t('servers.create.staffImport')}{' '}
              <Link to="/mc-admin/locations" className="font-medium text-brand-600 hover:underline">
                {t('servers.create.staffImportLink')}
              </Link>
            </p>
          )}
          {(panel === null || panel === 'simulated') && canSettings && <DemoPanelButton />}
        </div>
      )}
    </StatePanel>
  );
}
