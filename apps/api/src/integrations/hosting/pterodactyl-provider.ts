import { randomBytes } from 'node:crypto';
import { PterodactylClient, type PterodactylConfig } from '../pterodactyl/client.ts';
import { PanelError } from '../pterodactyl/errors.ts';
import type { PanelServer } from '../pterodactyl/types.ts';
import {
  type ConnectionReport,
  type HostingCategory,
  type HostingLocation,
  type HostingMember,
  type HostingProvider,
  type HostingServer,
  type HostingServerStatus,
  type NewHostingServer,
  PanelAccountConflict,
} from './provider.ts';

/** Pterodactyl's server status (null once installed; suspension is a status too) in the product's words. */
export function hostingStatus(s: Pick<PanelServer, 'status' | 'suspended'>): HostingServerStatus {
  if (s.suspended || s.status === 'suspended') return 'suspended';
  if (s.status === 'installing') return 'installing';
  if (s.status === 'install_failed' || s.status === 'reinstall_failed') return 'install_failed';
  return 'active';
}
const toHosting = (s: PanelServer): HostingServer => ({
  panelId: s.id,
  identifier: s.identifier,
  externalId: s.external_id,
  status: hostingStatus(s),
});

/** Panel usernames: lower-case letters, digits, `_ . -`, starting and ending with a letter or digit. */
function panelUsername(member: HostingMember): string {
  const base = member.username
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return `${base || 'member'}_${member.id.replace(/-/g, '').slice(0, 6)}`;
}

/** The HostingProvider over Pterodactyl's Application API (locations = locations, categories = nests). */
export class PterodactylProvider implements HostingProvider {
  readonly client: PterodactylClient;
  private readonly panelBase: string;

  constructor(
    config: PterodactylConfig,
    readonly kind: 'pterodactyl' | 'simulated' = 'pterodactyl',
  ) {
    this.client = new PterodactylClient(config);
    this.panelBase = config.baseUrl.replace(/\/+$/, '');
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

  async findMember(memberId: string): Promise<number | null> {
    return (await this.client.getUserByExternalId(memberId))?.id ?? null;
  }

  async createMember(member: HostingMember): Promise<number> {
    const sameEmail = await this.client.findUserByEmail(member.email);
    // An account with our external id was made by us (another build of the same member got there first).
    if (sameEmail?.external_id === member.id) return sameEmail.id;
    if (sameEmail) {
      throw new PanelAccountConflict(
        `The panel already has an account with ${member.email} that Hostdeck did not create; an administrator must link or rename it`,
      );
    }
    try {
      const created = await this.client.createUser({
        external_id: member.id,
        username: panelUsername(member),
        email: member.email,
        first_name: member.firstName || member.username,
        last_name: member.lastName || member.username,
        // Members never learn it: they reach the panel through Hostdeck's links, and their Hostdeck password never leaves Hostdeck.
        password: randomBytes(24).toString('base64url'),
      });
      return created.id;
    } catch (err) {
      // Two builds for one new member at once: the loser finds the winner's account.
      const raced = err instanceof PanelError && err.kind === 'validation' ? await this.findMember(member.id) : null;
      if (raced !== null) return raced;
      throw err;
    }
  }

  async findServerByExternalId(externalId: string): Promise<HostingServer | null> {
    const s = await this.client.getServerByExternalId(externalId);
    return s ? toHosting(s) : null;
  }

  async getServer(panelId: number): Promise<HostingServer | null> {
    const s = await this.client.getServer(panelId);
    return s ? toHosting(s) : null;
  }

  async createServer(server: NewHostingServer): Promise<HostingServer> {
    const { resources: r } = server;
    const created = await this.client.createServer({
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
      deploy: {
        locations: server.panelLocationId ? [server.panelLocationId] : [],
        dedicated_ip: false,
        port_range: [],
      },
    });
    return toHosting(created);
  }

  async updateServer(
    panelId: number,
    change: { name?: string; description?: string; resources?: NewHostingServer['resources'] },
  ): Promise<void> {
    const current = await this.client.getServer(panelId);
    if (!current)
      throw new PanelError('not_found', 'The panel no longer has this server', 404, 'NotFoundHttpException');
    if (change.resources) {
      const r = change.resources;
      await this.client.updateBuild(panelId, {
        allocation: current.allocation,
        limits: { memory: r.memory, swap: current.limits.swap, disk: r.disk, io: current.limits.io, cpu: r.cpu },
        feature_limits: { databases: r.databases, allocations: r.ports, backups: r.backups },
      });
    }
    if (change.name !== undefined || change.description !== undefined) {
      // Details are a full replace on the panel: everything is re-sent so nothing is cleared.
      await this.client.updateDetails(panelId, {
        name: change.name ?? current.name,
        description: change.description ?? current.description,
        user: current.user,
        external_id: current.external_id,
      });
    }
  }

  suspendServer(panelId: number): Promise<void> {
    return this.client.suspend(panelId);
  }
  unsuspendServer(panelId: number): Promise<void> {
    return this.client.unsuspend(panelId);
  }
  deleteServer(panelId: number): Promise<void> {
    return this.client.deleteServer(panelId);
  }

  async listServers(): Promise<HostingServer[]> {
    return (await this.client.listServers()).map(toHosting);
  }

  serverUrl(identifier: string): string | null {
    return this.kind === 'simulated' ? null : `${this.panelBase}/server/${identifier}`;
  }
}
