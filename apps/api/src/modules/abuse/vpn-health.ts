import type { VpnService } from './vpn.service.ts';

/** The anti-VPN line of the health page: how many ranges are loaded, when, and which lists failed. */
export async function checkVpnLists(vpn: VpnService): Promise<{
  state: 'green' | 'amber';
  reason: string;
  action?: string;
  params?: Record<string, string | number>;
  detail?: string | null;
}> {
  const s = vpn.status();
  if (s.sources === 0 && !s.refreshedAt) return { state: 'green', reason: 'vpn.off' };
  if (!s.refreshedAt) return { state: 'amber', reason: 'vpn.not_loaded', action: 'vpn.check' };
  const params = { ranges: s.ranges, sources: s.sources, refreshed: s.refreshedAt.toISOString() };
  if (s.failed.length > 0)
    return {
      state: 'amber',
      reason: 'vpn.failed',
      action: 'vpn.check',
      params: { ...params, failed: s.failed.length },
      detail: s.failed
        .map((f) => `${f.source}: ${f.error}`)
        .join('; ')
        .slice(0, 300),
    };
  return { state: 'green', reason: 'vpn.ok', params };
}
