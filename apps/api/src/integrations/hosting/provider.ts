/**
 * What the product needs from a game panel, in its own terms. Features talk to this interface, never
 * to Pterodactyl's API directly, so a Pelican adapter (eggs without nests, node tags instead of
 * locations) can be added without touching them. Calls throw PanelError (integrations/pterodactyl/errors.ts)
 * for the panel's faults, whose `transient` flag tells a caller whether a retry may help.
 */
export interface HostingLocation {
  panelId: number;
  name: string;
  description: string | null;
}
export interface HostingEgg {
  panelId: number;
  name: string;
  description: string | null;
  dockerImage: string;
  startup: string;
  variables: { env: string; defaultValue: string; rules: string }[];
}
export interface HostingCategory {
  panelId: number;
  name: string;
  description: string | null;
  eggs: HostingEgg[];
}
export interface ConnectionReport {
  locations: number;
  nodes: number;
  categories: number;
  latencyMs: number;
}

export interface HostingResources {
  memory: number;
  cpu: number;
  disk: number;
  ports: number;
  databases: number;
  backups: number;
}

/** A server's state on the panel, in the product's words. */
export type HostingServerStatus = 'installing' | 'active' | 'suspended' | 'install_failed';
export interface HostingServer {
  panelId: number;
  /** The short id the panel's own pages use (console, files). */
  identifier: string;
  externalId: string | null;
  status: HostingServerStatus;
}

export interface HostingMember {
  /** Hostdeck's user id: the panel account's external id. */
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface NewHostingServer {
  /** Hostdeck's queue item id: a retry finds the server it already made through it. */
  externalId: string;
  name: string;
  description: string;
  ownerPanelId: number;
  egg: { panelId: number; dockerImage: string; startup: string; environment: Record<string, string> };
  /** The panel location to deploy in (the panel picks a node with room there). */
  panelLocationId: number | null;
  resources: HostingResources;
}

/** The panel has an account with this email that Hostdeck did not create: never taken over. */
export class PanelAccountConflict extends Error {}

export interface HostingProvider {
  readonly kind: 'pterodactyl' | 'simulated';
  /** Reads enough of the panel to prove the address and key work. */
  test(): Promise<ConnectionReport>;
  listLocations(): Promise<HostingLocation[]>;
  listCategories(): Promise<HostingCategory[]>;

  /** The panel account linked to the member by external id, or null. */
  findMember(memberId: string): Promise<number | null>;
  /** Creates the member's panel account with a random password; PanelAccountConflict when the email is taken. */
  createMember(member: HostingMember): Promise<number>;

  findServerByExternalId(externalId: string): Promise<HostingServer | null>;
  getServer(panelId: number): Promise<HostingServer | null>;
  createServer(server: NewHostingServer): Promise<HostingServer>;
  /** Changes a server's name, description and/or resources (each part only when given). */
  updateServer(
    panelId: number,
    change: { name?: string; description?: string; resources?: HostingResources },
  ): Promise<void>;
  suspendServer(panelId: number): Promise<void>;
  unsuspendServer(panelId: number): Promise<void>;
  /** Deletes the server; one the panel no longer has counts as deleted. */
  deleteServer(panelId: number): Promise<void>;
  /** Every server on the panel (for the periodic status sync; paginated underneath). */
  listServers(): Promise<HostingServer[]>;
  /** Where a member opens the server on the panel; null when there is no panel to open (the simulator). */
  serverUrl(identifier: string): string | null;
}
