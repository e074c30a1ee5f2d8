import type { ApplicationApiConfig } from '../panel-api/application-client.ts';
import { PelicanClient } from '../pelican/client.ts';
import type { PelicanEgg, PelicanServer } from '../pelican/types.ts';
import { ApplicationProvider, PanelFlavourMismatch } from './application-provider.ts';
import type {
  ConnectionReport,
  HostingCategory,
  HostingLocation,
  HostingMember,
  NewHostingServer,
} from './provider.ts';

/**
 * Every port Pelican can allocate (1024–65535), as ranges of at most 1000 ports each (its
 * PORT_RANGE_LIMIT). Pelican creates a deployed server without any allocation when port_range is
 * empty, whereas Pterodactyl then takes any free one: sending the whole space asks Pelican for the
 * same thing, a free port on a viable node.
 */
export const ALL_PORTS: string[] = Array.from({ length: Math.ceil((65_536 - 1024) / 1000) }, (_, i) => {
  const from = 1024 + i * 1000;
  return `${from}-${Math.min(from + 999, 65_535)}`;
});

/** The category an egg goes in: its first tag ("" for an egg without tags). */
const groupOf = (egg: PelicanEgg) => egg.tags?.[0] ?? '';

/** The version the eggs' fields tell (Pelican's Application API does not report one). */
function versionFrom(eggs: PelicanEgg[]): string {
  if (eggs.length === 0) return '1.0.0-beta';
  if (eggs.some((e) => e.startup_commands !== undefined)) return '1.0.0-beta26 or later';
  if (eggs.some((e) => e.tags !== undefined)) return '1.0.0-beta24 or beta25';
  return 'before 1.0.0-beta24';
}

/**
 * The HostingProvider over Pelican's Application API: a Hostdeck location is a set of node tags
 * (creation deploys with `deploy.tags`), a category gathers the eggs of one egg tag, accounts have
 * no names. See the reference's §12 and docs/operations/pelican.md.
 */
export class PelicanProvider extends ApplicationProvider<PelicanServer> {
  readonly flavour = 'pelican' as const;
  declare protected readonly client: PelicanClient;

  constructor(config: ApplicationApiConfig, simulated = false) {
    super(new PelicanClient(config), config.baseUrl, simulated);
  }

  async test(): Promise<ConnectionReport> {
    return this.timed(async () => {
      if (await this.client.hasRoute('/nests')) throw new PanelFlavourMismatch('pelican', 'pterodactyl');
      const [nodes, eggs] = await Promise.all([this.client.listNodes(), this.client.listEggs()]);
      return {
        version: versionFrom(eggs),
        locations: new Set(nodes.flatMap((n) => n.tags ?? [])).size,
        nodes: nodes.length,
        categories: new Set(eggs.map(groupOf)).size,
        eggs: eggs.length,
      };
    });
  }

  /** One location per node tag, described by the nodes carrying it. */
  async listLocations(): Promise<HostingLocation[]> {
    const byTag = new Map<string, string[]>();
    for (const node of await this.client.listNodes())
      for (const tag of node.tags ?? []) byTag.set(tag, [...(byTag.get(tag) ?? []), node.name]);
    return [...byTag.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, nodes]) => ({ placement: { nodeTag: tag }, name: tag, description: nodes.join(', ') }));
  }

  async listCategories(): Promise<HostingCategory[]> {
    const groups = new Map<string, PelicanEgg[]>();
    for (const egg of await this.client.listEggs())
      groups.set(groupOf(egg), [...(groups.get(groupOf(egg)) ?? []), egg]);
    return [...groups.entries()]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
      .map(([tag, eggs]) => ({
        group: { eggTag: tag },
        name: tag === '' ? 'Other' : tag.charAt(0).toUpperCase() + tag.slice(1),
        description: null,
        eggs: eggs.map((e) => ({
          panelId: e.id,
          name: e.name,
          description: e.description,
          dockerImage: Object.values(e.docker_images)[0] ?? '',
          startup: Object.values(e.startup_commands ?? {})[0] ?? e.startup,
          variables: e.variables.map((v) => ({
            env: v.env_variable,
            defaultValue: v.default_value ?? '',
            // Stored as Pterodactyl writes them, one "a|b" string.
            rules: Array.isArray(v.rules) ? v.rules.join('|') : v.rules,
          })),
        })),
      }));
  }

  protected newAccount(member: HostingMember, username: string, password: string) {
    return this.client.createUser({ external_id: member.id, username, email: member.email, password });
  }

  protected createOnPanel(server: NewHostingServer): Promise<PelicanServer> {
    const { resources: r, egg } = server;
    return this.client.createServer({
      external_id: server.externalId,
      name: server.name,
      description: server.description,
      user: server.ownerPanelId,
      egg: egg.panelId,
      // Left out when Hostdeck has none: Pelican takes the egg's first image and startup command.
      ...(egg.dockerImage ? { docker_image: egg.dockerImage } : {}),
      ...(egg.startup ? { startup: egg.startup } : {}),
      environment: egg.environment,
      // As Pterodactyl's default (oom_disabled): a server over its memory is throttled, not killed.
      oom_killer: false,
      limits: { memory: r.memory, swap: 0, disk: r.disk, io: 500, cpu: r.cpu },
      feature_limits: { databases: r.databases, allocations: r.ports, backups: r.backups },
      deploy: { tags: server.placement.nodeTags, dedicated_ip: false, port_range: ALL_PORTS },
    });
  }
}
