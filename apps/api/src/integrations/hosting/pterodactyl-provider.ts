import { PterodactylClient } from '../pterodactyl/client.ts';
import type { ConnectionReport, HostingCategory, HostingLocation, HostingProvider } from './provider.ts';

/** The HostingProvider over Pterodactyl's Application API (locations = locations, categories = nests). */
export class PterodactylProvider implements HostingProvider {
  readonly client: PterodactylClient;

  constructor(
    config: { baseUrl: string; apiKey: string; timeoutMs?: number },
    readonly kind: 'pterodactyl' | 'simulated' = 'pterodactyl',
  ) {
    this.client = new PterodactylClient(config);
  }

  async test(): Promise<ConnectionReport> {
    const started = performance.now();
    const [locations, nodes, nests] = await Promise.all([
      this.client.listLocations(),
      this.client.listNodes(),
      this.client.listNests(),
    ]);
    return {
      locations: locations.length,
      nodes: nodes.length,
      categories: nests.length,
      latencyMs: Math.round(performance.now() - started),
    };
  }

  async listLocations(): Promise<HostingLocation[]> {
    return (await this.client.listLocations()).map((l) => ({
      panelId: l.id,
      name: l.long ?? l.short,
      description: l.long ? l.short : null,
    }));
  }

  async listCategories(): Promise<HostingCategory[]> {
    const nests = await this.client.listNests();
    const out: HostingCategory[] = [];
    for (const nest of nests) {
      const eggs = await this.client.listEggs(nest.id);
      out.push({
        panelId: nest.id,
        name: nest.name,
        description: nest.description,
        eggs: eggs.map((e) => ({
          panelId: e.id,
          name: e.name,
          description: e.description,
          dockerImage: e.docker_image || Object.values(e.docker_images)[0] || '',
          startup: e.startup,
          variables: e.variables.map((v) => ({ env: v.env_variable, defaultValue: v.default_value, rules: v.rules })),
        })),
      });
    }
    return out;
  }
}
