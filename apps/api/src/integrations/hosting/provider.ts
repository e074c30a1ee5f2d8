import type { PanelFlavour } from '@hostdeck/contracts';

/**
 * What the product needs from a game panel, in its own terms. Features talk to this interface, never
 * to a panel's API directly. Pterodactyl and Pelican differ where placement and grouping are
 * concerned (locations and nests versus node tags and egg tags), so those come as each panel has
 * them rather than one faking the other. Calls throw PanelError (integrations/panel-api/errors.ts)
 * for the panel's faults, whose `transient` flag tells a caller whether a retry may help.
 */

/** Where on the panel a Hostdeck location puts servers: a Pterodactyl location, or a Pelican node tag. */
export type HostingPlacement = { panelLocationId: number } | { nodeTag: string };
export interface HostingLocation {
  placement: HostingPlacement;
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
/** A group of eggs: a Pterodactyl nest, or Pelican's eggs that carry one tag ("" for those with none). */
export type HostingGroup = { panelNestId: number } | { eggTag: string };
export interface HostingCategory {
  group: HostingGroup;
  name: string;
  description: string | null;
  eggs: HostingEgg[];
}
export interface ConnectionReport {
  /** The panel software found at the address, read from its API. */
  flavour: PanelFlavour;
  /** As far as the API reveals it (neither panel reports its version). */
  version: string;
  locations: number;
  nodes: number;
  categories: number;
  eggs: number;
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
  /** Pterodactyl requires names; Pelican accounts have none. */
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
  /**
   * Where to deploy, as the Hostdeck location says it for each panel (the panel picks a node with
   * room there): its Pterodactyl location, or its Pelican node tags. Neither set: any node.
   */
  placement: { panelLocationId: number | null; nodeTags: string[] };
  resources: HostingResources;
}

/** The panel has an account with this email that Hostdeck did not create: never taken over. */
export class PanelAccountConflict extends Error {}

export interface HostingProvider {
  /** The panel software this provider speaks to. */
  readonly flavour: PanelFlavour;
  /** The demo panel inside this process (nothing really runs), or a real one. */
  readonly simulated: boolean;
  /**
   * Reads enough of the panel to prove the address and key work, and which panel it is: a panel of
   * the other flavour is refused with PANEL_FLAVOUR_MISMATCH, naming what was found.
   */
  test(): Promise<ConnectionReport>;
  /** Pterodactyl's locations, or one per distinct Pelican node tag. */
  listLocations(): Promise<HostingLocation[]>;
  /** Pterodactyl's nests, or one per distinct Pelican egg tag, each with its eggs. */
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
