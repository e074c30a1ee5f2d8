import { featureFlags } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useSettingsState } from '../../lib/use-settings.ts';

/** The groups of the specification's "Server settings" (§3), read-only. */
const groups: Record<string, readonly string[]> = {
  general: ['app_name', 'app_version', 'app_lang', 'app_timezone', 'app_url', 'currency', 'currency_symbol'],
  company: [
    'company_name',
    'company_address',
    'company_city',
    'company_state',
    'company_country',
    'company_zip',
    'company_vat',
  ],
  serverDefaults: [
    'default_cpu',
    'default_ram',
    'default_disk',
    'default_ports',
    'default_databases',
    'default_backups',
    'default_server_slots',
    'server_renew_days',
    'server_renew_cost',
  ],
  featureFlags,
  debugInfo: ['debug_debug', 'debug_version', 'debug_os', 'debug_os_kernel', 'debug_name', 'debug_telemetry', 'debug'],
};

function show(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function SettingsTab() {
  const { t } = useTranslation();
  const { values } = useSettingsState();
  return (
    <div className="space-y-3 text-xs">
      {Object.entries(groups).map(([group, keys]) => (
        <section key={group}>
          <h3 className="mb-1 font-semibold">{t(`debugPanel.settings.${group}`)}</h3>
          <dl className="grid grid-cols-[minmax(0,14rem)_1fr] gap-x-3">
            {keys.map((key) => (
              <div key={key} className="contents" data-testid={`debug-setting-${key}`}>
                <dt className="font-mono text-muted">{key}</dt>
                <dd className="break-all font-mono">{show(values[key])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
