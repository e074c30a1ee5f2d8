import { useCan } from '../../lib/permissions.ts';
import { DemoPanelButton } from '../admin/demo-panel-button.tsx';
import { useServerOptions } from '../servers/api.ts';

/**
 * On an empty catalogue list, staff who may change settings are offered the demo panel in one click,
 * unless a real panel is connected (then "Import from panel" beside it is the way).
 */
export function CatalogueDemoOffer({ empty }: { empty: boolean }) {
  const canSettings = useCan('admin.settings.edit');
  if (!empty || !canSettings) return null;
  return <Offer />;
}

function Offer() {
  const panel = useServerOptions().data?.panel;
  if (panel !== null && panel !== 'simulated') return null;
  return <DemoPanelButton />;
}
