import { PterodactylSimulator, type SimFlavour, type SimulatorOptions } from '@hostdeck/pterodactyl-sim';

/**
 * The panel the server-lifecycle suites run against. The same files run once per flavour: the `api`
 * projects on Pterodactyl, the `api-pelican` project (vitest.config.ts) with TEST_PANEL_FLAVOUR=pelican.
 */
export const panelFlavour: SimFlavour = process.env.TEST_PANEL_FLAVOUR === 'pelican' ? 'pelican' : 'pterodactyl';
/** An Application API key of the flavour's form. */
export const panelApiKey = panelFlavour === 'pelican' ? 'papp_key' : 'ptla_key';

/** What the panel answers when Wings cannot be reached: Pterodactyl's DaemonConnectionException, Pelican's plain 500. */
export const wingsDownStatus = panelFlavour === 'pelican' ? 500 : 504;

/** A simulated panel of this run's flavour (not yet listening). */
export function panelSimulator(options: SimulatorOptions = {}): PterodactylSimulator {
  return new PterodactylSimulator({ flavour: panelFlavour, apiKey: panelApiKey, ...options });
}

/** The settings that point Hostdeck at a simulated panel, as the operator fills Settings → Panel. */
export function panelSettings(sim: PterodactylSimulator) {
  return { panel_flavour: sim.flavour, pterodactyl_base_url: sim.url, pterodactyl_api_key: sim.options.apiKey ?? '' };
}
