import { type ApplicationApiConfig, ApplicationClient, type List } from '../panel-api/application-client.ts';
import type {
  NewPanelServer,
  NewPanelUser,
  PanelEgg,
  PanelLocation,
  PanelNest,
  PanelNode,
  PanelServer,
  PanelUser,
} from './types.ts';

export type PterodactylConfig = ApplicationApiConfig;

/** A typed client of the Pterodactyl Application API v1: the shared transport plus nests and locations. */
export class PterodactylClient extends ApplicationClient<PanelUser, PanelServer> {
  createUser(user: NewPanelUser): Promise<PanelUser> {
    return this.one<PanelUser>('POST', '/users', user);
  }
  /** The panel's PATCH is a full update: email, username and names are always sent. */
  updateUser(
    id: number,
    user: Pick<PanelUser, 'email' | 'username' | 'first_name' | 'last_name'> & { password?: string },
  ): Promise<PanelUser> {
    return this.one<PanelUser>('PATCH', `/users/${id}`, user);
  }
  createServer(server: NewPanelServer): Promise<PanelServer> {
    return this.one<PanelServer>('POST', '/servers', server);
  }

  // catalogue
  listLocations(): Promise<PanelLocation[]> {
    return this.all<PanelLocation>('/locations');
  }
  listNodes(): Promise<PanelNode[]> {
    return this.all<PanelNode>('/nodes');
  }
  listNests(): Promise<PanelNest[]> {
    return this.all<PanelNest>('/nests');
  }
  /** The eggs of a nest with their variables (unpaginated on the panel). */
  async listEggs(nestId: number): Promise<PanelEgg[]> {
    const res = await this.call<
      List<Omit<PanelEgg, 'variables'> & { relationships?: { variables?: List<PanelEgg['variables'][number]> } }>
    >('GET', `/nests/${nestId}/eggs?include=variables`);
    return res.data.map(({ attributes: { relationships, ...egg } }) => ({
      ...egg,
      variables: relationships?.variables?.data.map((v) => v.attributes) ?? [],
    }));
  }
}
