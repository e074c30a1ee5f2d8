import { ApplicationClient, type List } from '../panel-api/application-client.ts';
import type {
  NewPelicanServer,
  NewPelicanUser,
  PelicanEgg,
  PelicanEggVariable,
  PelicanNode,
  PelicanServer,
  PelicanUser,
} from './types.ts';

/** A typed client of Pelican's Application API: the shared transport plus top-level eggs and tagged nodes. */
export class PelicanClient extends ApplicationClient<PelicanUser, PelicanServer> {
  createUser(user: NewPelicanUser): Promise<PelicanUser> {
    return this.one<PelicanUser>('POST', '/users', user);
  }
  createServer(server: NewPelicanServer): Promise<PelicanServer> {
    return this.one<PelicanServer>('POST', '/servers', server);
  }

  listNodes(): Promise<PelicanNode[]> {
    return this.all<PelicanNode>('/nodes');
  }
  /** Every egg with its variables: top level, and not paginated (Egg::all()). */
  async listEggs(): Promise<PelicanEgg[]> {
    const res = await this.call<
      List<Omit<PelicanEgg, 'variables'> & { relationships?: { variables?: List<PelicanEggVariable> } }>
    >('GET', '/eggs?include=variables');
    return res.data.map(({ attributes: { relationships, ...egg } }) => ({
      ...egg,
      variables: relationships?.variables?.data.map((v) => v.attributes) ?? [],
    }));
  }
}
