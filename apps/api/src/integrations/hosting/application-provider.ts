import { randomBytes } from 'node:crypto';
import type { PanelFlavour } from '@hostdeck/contracts';
import type { ApplicationClient, ApplicationUser } from '../panel-api/application-client.ts';
import { PanelError } from '../panel-api/errors.ts';
import {
  type ConnectionReport,
  type HostingCategory,
  type HostingLocation,
  type HostingMember,
  type HostingProvider,
  type HostingResources,
  type HostingServer,
  type HostingServerStatus,
  type NewHostingServer,
  PanelAccountConflict,
} from './provider.ts';

/** What the shared code reads of either panel's server object. */
export interface ServerCore {
  id: number;
  identifier: string;
  external_id: string | null;
  name: string;
  description: string;
  status: string | null;
  suspended: boolean;
  user: number;
  allocation: number | null;
  limits: { swap: number; io: number };
}

/** The panel at the address is the other flavour than Settings → Panel says. */
export class PanelFlavourMismatch extends Error {
  constructor(
    readonly expected: PanelFlavour,
    readonly found: PanelFlavour,
  ) {
    super(
      `The panel at this address is ${PANEL_NAMES[found]}, but Settings → Panel says ${PANEL_NAMES[expected]}: choose ${PANEL_NAMES[found]} there`,
    );
  }
}
/** Each panel software's name, as the API's messages say it. */
export const PANEL_NAMES: Record<PanelFlavour, string> = { pterodactyl: 'Pterodactyl', pelican: 'Pelican' };

/** A panel's server status (null once installed; suspension is a status too) in the product's words. */
function hostingStatus(s: Pick<ServerCore, 'status' | 'suspended'>): HostingServerStatus {
  if (s.suspended || s.status === 'suspended') return 'suspended';
  if (s.status === 'installing') return 'installing';
  if (s.status === 'install_failed' || s.status === 'reinstall_failed') return 'install_failed';
  return 'active';
}
const toHosting = (s: ServerCore): HostingServer => ({
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

/**
 * What a HostingProvider does the same way on Pterodactyl and Pelican (both speak one Application
 * API: users and servers by external id, details, suspension, deletion, the server list). Each
 * flavour supplies its catalogue, its user and server bodies and its build update.
 */
export abstract class ApplicationProvider<Server extends ServerCore> implements HostingProvider {
  abstract readonly flavour: PanelFlavour;
  private readonly panelBase: string;

  constructor(
    protected readonly client: ApplicationClient<ApplicationUser, Server>,
    baseUrl: string,
    readonly simulated: boolean,
  ) {
    this.panelBase = baseUrl.replace(/\/+$/, '');
  }

  abstract test(): Promise<ConnectionReport>;
  abstract listLocations(): Promise<HostingLocation[]>;
  abstract listCategories(): Promise<HostingCategory[]>;
  /** Creates the member's account with the panel's own fields. */
  protected abstract newAccount(member: HostingMember, username: string, password: string): Promise<ApplicationUser>;
  protected abstract createOnPanel(server: NewHostingServer): Promise<Server>;

  /** Reports how long a test's reads took, with the counts it found. */
  protected async timed(
    read: () => Promise<Omit<ConnectionReport, 'latencyMs' | 'flavour'>>,
  ): Promise<ConnectionReport> {
    const started = performance.now();
    const report = await read();
    return { ...report, flavour: this.flavour, latencyMs: Math.round(performance.now() - started) };
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
      // Members never learn the password: they reach the panel through Hostdeck's links, and their Hostdeck password never leaves Hostdeck.
      return (await this.newAccount(member, panelUsername(member), randomBytes(24).toString('base64url'))).id;
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
    return toHosting(await this.createOnPanel(server));
  }

  async updateServer(
    panelId: number,
    change: { name?: string; description?: string; resources?: HostingResources },
  ): Promise<void> {
    const current = await this.client.getServer(panelId);
    if (!current)
      throw new PanelError('not_found', 'The panel no longer has this server', 404, 'NotFoundHttpException');
    if (change.resources) {
      const r = change.resources;
      // What Hostdeck does not manage (swap, io, the server's allocation) is sent back as it is.
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
    // Both panels open a server at /server/<short id>.
    return this.simulated ? null : `${this.panelBase}/server/${identifier}`;
  }
}
