/**
 * What the product needs from a game panel, in its own terms. Features talk to this interface, never
 * to Pterodactyl's API directly, so a Pelican adapter (eggs without nests, node tags instead of
 * locations) can be added without touching them.
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

export interface HostingProvider {
  readonly kind: 'pterodactyl' | 'simulated';
  /** Reads enough of the panel to prove the address and key work. */
  test(): Promise<ConnectionReport>;
  listLocations(): Promise<HostingLocation[]>;
  listCategories(): Promise<HostingCategory[]>;
}
