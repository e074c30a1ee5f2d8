import { hasPermission } from '@hostdeck/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SignUpCheck } from './sign-up-guard.ts';
import { type ListLoadResult, listSources, loadLists, readSource } from './vpn-lists.ts';
import { RangeTable } from './vpn-ranges.ts';
import { ReputationClient } from './vpn-reputation.ts';

/** Where anti-VPN applies; each vpn_action level includes the ones before it. */
export type VpnScope = 'sign_up' | 'earning' | 'all';
const levels: Record<string, number> = { off: 0, sign_up: 1, earning: 2, all: 3 };

export const VPN_BYPASS_PERMISSION = 'user.permission.vpn';

export interface VpnListStatus {
  ranges: number;
  refreshedAt: Date | null;
  sources: number;
  failed: ListLoadResult['failed'];
  invalidLines: number;
}

/**
 * Anti-VPN: the in-memory range table built from the configured lists (refreshed by
 * workers/vpn-lists.worker.ts), plus the optional reputation provider. Enforced only while
 * zero_trust_enabled is on, at the levels vpn_action names; user.permission.vpn bypasses it.
 */
export class VpnService {
  private table = RangeTable.empty();
  private listStatus: VpnListStatus = { ranges: 0, refreshedAt: null, sources: 0, failed: [], invalidLines: 0 };
  private readonly lastGood = new Map<string, string>();
  private refreshing?: Promise<VpnListStatus>;
  readonly reputation: ReputationClient;

  constructor(
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
    private readonly read: (source: string) => Promise<string> = readSource,
  ) {
    this.reputation = new ReputationClient(settings, log);
    let provider = this.providerKey();
    settings.onChange(() => {
      // A new provider or key: verdicts of the old one no longer count.
      if (this.providerKey() !== provider) this.reputation.clear();
      provider = this.providerKey();
    });
  }

  private providerKey(): string {
    return `${this.settings.string('vpn_reputation_url')}\n${this.settings.string('vpn_reputation_key')}`;
  }

  /** Downloads the lists again and swaps the table in; a failed source keeps its previous copy. */
  refresh(): Promise<VpnListStatus> {
    this.refreshing ??= (async () => {
      const sources = listSources(this.settings.string('vpn_block_lists'));
      const result = await loadLists(sources, this.lastGood, this.read);
      this.table = result.table;
      this.listStatus = {
        ranges: result.table.size,
        refreshedAt: new Date(),
        sources: sources.length,
        failed: result.failed,
        invalidLines: result.invalidLines,
      };
      for (const f of result.failed) this.log.warn(f, 'VPN list could not be refreshed; its previous copy is kept');
      return this.listStatus;
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  status(): VpnListStatus {
    return this.listStatus;
  }

  /** Whether the checks of this scope are on (the master switch and the action level). */
  enforced(scope: VpnScope): boolean {
    if (!this.settings.bool('zero_trust_enabled')) return false;
    return (levels[this.settings.string('vpn_action')] ?? 0) >= levels[scope]!;
  }

  /** Listed, or the reputation provider says so (a provider failure lets the address through). */
  async isBlocked(ip: string): Promise<boolean> {
    if (this.table.contains(ip)) return true;
    return this.reputation.isProxy(ip);
  }

  /** Throws VPN_BLOCKED when this scope is enforced, the caller has no bypass and the address is blocked. */
  async enforce(scope: VpnScope, ip: string | undefined, permissions: readonly string[] = []): Promise<void> {
    if (!ip || !this.enforced(scope)) return;
    if (hasPermission(permissions, VPN_BYPASS_PERMISSION)) return;
    if (await this.isBlocked(ip)) {
      throw new AppError(
        'VPN_BLOCKED',
        'Your connection comes from a VPN or proxy. Turn it off and try again, or ask staff for an exception.',
      );
    }
  }

  /** The sign-up rule: a new account cannot be opened from a blocked address. */
  signUpCheck(): SignUpCheck {
    return {
      name: 'vpn',
      check: async (attempt) => {
        await this.enforce('sign_up', attempt.ip);
        return undefined;
      },
    };
  }
}
