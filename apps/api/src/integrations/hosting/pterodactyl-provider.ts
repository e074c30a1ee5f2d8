import { PterodactylClient, type PterodactylConfig } from '../pterodactyl/client.ts';
import type { PanelServer } from '../pterodactyl/types.ts';
import { ApplicationProvider, PanelFlavourMismatch } from './application-provider.ts';
import type {
  ConnectionReport,
  HostingCategory,
  HostingLocation,
  HostingMember,
  NewHostingServer,
} from './provider.ts';

/** The HostingProvider over Pterodactyl's Application API (locations = locations, categories = nests). */
export class PterodactylProvider extends ApplicationProvider<PanelServer> {
  readonly flavour = 'pterodactyl' as const;
  declare protected readonly client: PterodactylClient;

  constructor(config: PterodactylConfig, simulated = false) {
    super(new PterodactylClient(config), config.baseUrl, simulated);
  }

  async test(): Promise<ConnectionReport> {
    return this.timed(async () => {
      // Pelican answers GET /eggs and has no nests; Pterodactyl only has eggs inside nests.
      if (await this.client.hasRoute('/eggs')) throw new PanelFlavourMismatch('pterodactyl', 'pelican');
      const [locations, nodes, nests] = await Promise.all([
        this.client.listLocations(),
        this.client.listNodes(),
        this.client.listNests(),
      ]);
      let eggs = 0;
      for (const nest of nests) eggs += (await this.client.listEggs(nest.id)).length;
      // Pterodactyl's Application API v1 is the 1.x line's; it does not say which release.
      return { version: '1.x', locations: locations.length, nodes: nodes.length, categories: nests.length, eggs };
    });
  }

  async listLocations(): Promise<HostingLocation[]> {
    return (await this.client.listLocations()).map((l) => ({
      placement: { panelLocationId: l.id },
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
        group: { panelNestId: nest.id },
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

  protected newAccount(member: HostingMember, username: string, password: string) {
    return this.client.createUser({
      external_id: member.id,
      username,
      email: member.email,
      first_name: member.firstName || member.username,
      last_name: member.lastName || member.username,
      password,
    });
  }

  protected createOnPanel(server: NewHostingServer): Promise<PanelServer> {
    const { resources: r } = server;
    const location = server.placement.panelLocationId;
    return this.client.createServer({
      external_id: server.externalId,
      name: server.name,
      description: server.description,
      user: server.ownerPanelId,
      egg: server.egg.panelId,
      docker_image: server.egg.dockerImage,
      startup: server.egg.startup,
      environment: server.egg.environment,
      limits: { memory: r.memory, swap: 0, disk: r.disk, io: 500, cpu: r.cpu },
      feature_limits: { databases: r.databases, allocations: r.ports, backups: r.backups },
      deploy: { locations: location ? [location] : [], dedicated_ip: false, port_range: [] },
    });
  }
}
