import { PANEL_DEFAULT_RATE_LIMIT, type PanelFlavour, type PanelKind } from '@hostdeck/contracts';
import { PterodactylSimulator } from '@hostdeck/pterodactyl-sim';
import { AppError } from '../../lib/app-error.ts';
import type { SettingsService } from '../../modules/settings/settings.service.ts';
import { PanelError } from '../panel-api/errors.ts';
import { RateBudget } from '../panel-api/rate-budget.ts';
import { PanelFlavourMismatch } from './application-provider.ts';
import { DEMO_PANEL_KEY, panelKeyFor } from './panel-key.ts';
import { PelicanProvider } from './pelican-provider.ts';
import type { HostingProvider } from './provider.ts';
import { PterodactylProvider } from './pterodactyl-provider.ts';

const PROVIDERS = { pterodactyl: PterodactylProvider, pelican: PelicanProvider };

/**
 * Resolves the hosting provider from settings: the configured panel of the chosen flavour
 * (Pterodactyl or Pelican), or — when none is configured and the operator switched on the demo
 * panel — a simulated panel of that flavour running inside this process on a loopback port.
 * Rebuilt when the settings change.
 */
export class PanelService {
  private provider?: HostingProvider;
  private simulator?: PterodactylSimulator;
  private simulatorFlavour?: PanelFlavour;
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

  /** Which panel servers live on: a real one of either flavour, the simulated demo panel, or none yet. */
  kind(): PanelKind {
    if (this.realPanel()) return this.flavour();
    return this.settings.bool('demo_panel_enabled') ? 'simulated' : null;
  }

  /** The panel software chosen in Settings → Panel (the demo panel simulates it too). */
  flavour(): PanelFlavour {
    return this.settings.string('panel_flavour') as PanelFlavour;
  }

  /** The panel's requests a minute: the setting, or the flavour's own default when it is 0. */
  rateLimit(): number {
    return this.settings.number('pterodactyl_rate_limit') || PANEL_DEFAULT_RATE_LIMIT[this.flavour()];
  }

  async get(): Promise<HostingProvider> {
    if (this.provider) return this.provider;
    const limit = this.rateLimit();
    if (this.budget?.perMinute !== limit) this.budget = new RateBudget(limit);
    const budget = this.budget;
    const flavour = this.flavour();
    const real = this.realPanel();
    if (real) {
      this.provider = new PROVIDERS[flavour]({ ...real, budget });
    } else if (this.settings.bool('demo_panel_enabled')) {
      // The flavour cannot change while servers exist (panel-flavour.guard.ts), so a new simulator starts empty.
      if (this.simulatorFlavour !== flavour) {
        await this.simulator?.close();
        const apiKey = `${flavour === 'pelican' ? 'papp' : 'ptla'}_demo`;
        this.simulator = new PterodactylSimulator({ flavour, apiKey, autoInstallMs: 5000, rateLimit: limit });
        this.simulatorFlavour = flavour;
        await this.simulator.listen();
      }
      const simulator = this.simulator as PterodactylSimulator;
      this.provider = new PROVIDERS[flavour](
        { baseUrl: simulator.url, apiKey: simulator.options.apiKey ?? '', budget },
        true,
      );
    } else {
      throw new AppError(
        'PANEL_NOT_CONFIGURED',
        // Members meet this too (changing or deleting a server): no setup steps in it; staff find
        // those on the settings page and the empty-catalogue notices.
        'No game panel is connected yet, so servers cannot be created or changed for now',
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
      if (err instanceof PanelFlavourMismatch) throw new AppError('PANEL_FLAVOUR_MISMATCH', err.message);
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
