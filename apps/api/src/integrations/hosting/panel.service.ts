import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../../modules/settings/settings.service.ts';
import { PanelError } from '../pterodactyl/errors.ts';
import { RateBudget } from '../pterodactyl/rate-budget.ts';
import { DEMO_PANEL_KEY, panelKeyFor } from './panel-key.ts';
import type { HostingProvider } from './provider.ts';
import { PterodactylProvider } from './pterodactyl-provider.ts';

/**
 * Resolves the hosting provider from settings: the configured panel, or — when none is configured
 * and the operator switched on the demo panel — a simulated Pterodactyl running inside this process
 * on a loopback port. Rebuilt when the settings change.
 */
export class PanelService {
  private provider?: HostingProvider;
  private simulator?: PterodactylSimulator;
  /** One request budget for every call to the panel from this instance; kept while the limit stays the same. */
  private budget?: RateBudget;

  constructor(private readonly settings: SettingsService) {
    settings.onChange(() => {
      this.provider = undefined;
    });
  }

  /** True when a real panel is configured or the demo panel is on. */
  configured(): boolean {
    return this.kind() !== null;
  }

  /**
   * The key of the configured panel (panel-key.ts): panel ids stored with another key belong to a
   * panel Hostdeck no longer talks to and are never sent to this one. Null when no panel is configured.
   */
  key(): string | null {
    const kind = this.kind();
    if (kind === null) return null;
    return kind === 'simulated' ? DEMO_PANEL_KEY : panelKeyFor(this.settings.string('pterodactyl_base_url'));
  }

  /** Which panel servers live on: a real one, the simulated demo panel, or none yet. */
  kind(): 'pterodactyl' | 'simulated' | null {
    if (this.realPanel()) return 'pterodactyl';
    return this.settings.bool('demo_panel_enabled') ? 'simulated' : null;
  }

  async get(): Promise<HostingProvider> {
    if (this.provider) return this.provider;
    const limit = this.settings.number('pterodactyl_rate_limit');
    if (this.budget?.perMinute !== limit) this.budget = new RateBudget(limit);
    const budget = this.budget;
    const real = this.realPanel();
    if (real) {
      this.provider = new PterodactylProvider({ ...real, budget });
    } else if (this.settings.bool('demo_panel_enabled')) {
      if (!this.simulator) {
        this.simulator = new PterodactylSimulator({ apiKey: 'ptla_demo', autoInstallMs: 5000, rateLimit: limit });
        await this.simulator.listen();
      }
      this.provider = new PterodactylProvider(
        { baseUrl: this.simulator.url, apiKey: 'ptla_demo', budget },
        'simulated',
      );
    } else {
      throw new AppError(
        'PANEL_NOT_CONFIGURED',
        'No game panel is configured: set its address and key in Settings → Panel, or switch on the demo panel',
      );
    }
    return this.provider;
  }

  /** Runs a panel call, turning panel faults into the API's error codes. */
  async use<T>(fn: (p: HostingProvider) => Promise<T>): Promise<T> {
    const provider = await this.get();
    try {
      return await fn(provider);
    } catch (err) {
      if (!(err instanceof PanelError)) throw err;
      if (err.kind === 'auth') throw new AppError('PANEL_AUTH_FAILED', `The panel refused the API key: ${err.message}`);
      if (!err.transient) throw new AppError('PANEL_REFUSED', `The panel refused the change: ${err.message}`);
      throw new AppError('PANEL_UNREACHABLE', `The panel could not be used: ${err.message}`);
    }
  }

  /** Builds the links to servers on the panel (none without a panel, or on the simulated one). */
  async linker(): Promise<(identifier: string | null) => string | null> {
    if (!this.configured()) return () => null;
    const provider = await this.get();
    return (identifier) => (identifier ? provider.serverUrl(identifier) : null);
  }

  async close(): Promise<void> {
    await this.simulator?.close();
  }

  private realPanel(): { baseUrl: string; apiKey: string } | null {
    const baseUrl = this.settings.string('pterodactyl_base_url');
    const apiKey = this.settings.string('pterodactyl_api_key');
    return baseUrl && apiKey ? { baseUrl, apiKey } : null;
  }
}
