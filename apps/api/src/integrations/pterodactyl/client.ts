import { PanelError, panelErrorFrom } from './errors.ts';
import type { RateBudget } from './rate-budget.ts';
import type {
  NewPanelServer,
  NewPanelUser,
  PanelBuild,
  PanelEgg,
  PanelLocation,
  PanelNest,
  PanelNode,
  PanelServer,
  PanelUser,
} from './types.ts';

export interface PterodactylConfig {
  /** e.g. https://panel.example.com (without /api/application). */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /** Shared by every client of one panel, so together they stay under its rate limit. */
  budget?: RateBudget;
}

interface Item<T> {
  object: string;
  attributes: T;
}
interface List<T> {
  object: 'list';
  data: Item<T>[];
  meta?: { pagination: { current_page: number; total_pages: number } };
}

/**
 * A typed client of the Pterodactyl Application API v1: bearer key, JSON Accept (without it the
 * panel answers errors with HTML redirects), a timeout on every call, pagination followed, and the
 * panel's error format mapped to PanelError kinds (a 429's Retry-After kept, and the shared budget paused). It holds no state and never retries by itself:
 * callers (the queue worker) decide, with idempotency through external ids.
 */
export class PterodactylClient {
  private readonly base: string;
  constructor(private readonly config: PterodactylConfig) {
    this.base = `${config.baseUrl.replace(/\/+$/, '')}/api/application`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    await this.config.budget?.take(this.config.timeoutMs ?? 10_000);
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.config.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new PanelError(
        'transient',
        timedOut ? 'The panel did not answer in time' : `The panel cannot be reached: ${(err as Error).message}`,
        0,
        timedOut ? 'Timeout' : 'NetworkError',
      );
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      const err = panelErrorFrom(res.status, parsed, res.headers);
      // The panel's bucket is shared with every other caller of the key: when it says wait, all of ours wait.
      if (err.kind === 'rate_limited' && err.retryAfterMs !== undefined) this.config.budget?.pauseFor(err.retryAfterMs);
      throw err;
    }
    if (parsed === null)
      throw new PanelError(
        'transient',
        'The panel answered with something other than JSON (check the URL)',
        res.status,
        'InvalidResponse',
      );
    return parsed as T;
  }

  private async one<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.call<Item<T>>(method, path, body)).attributes;
  }

  /** Every page of a paginated list (or the whole of an unpaginated one). */
  private async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    const sep = path.includes('?') ? '&' : '?';
    for (let page = 1; page <= 1000; page++) {
      const res = await this.call<List<T>>('GET', `${path}${sep}page=${page}&per_page=100`);
      out.push(...res.data.map((d) => d.attributes));
      if (!res.meta || res.meta.pagination.current_page >= res.meta.pagination.total_pages) break;
    }
    return out;
  }

  private async maybe<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (err) {
      if (err instanceof PanelError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  // users
  getUserByExternalId(externalId: string): Promise<PanelUser | null> {
    return this.maybe(this.one<PanelUser>('GET', `/users/external/${encodeURIComponent(externalId)}`));
  }
  /** Exact email match (the panel's filter is a partial match). */
  async findUserByEmail(email: string): Promise<PanelUser | null> {
    const matches = await this.all<PanelUser>(`/users?filter[email]=${encodeURIComponent(email)}`);
    return matches.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
  }
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

  // servers
  getServer(id: number): Promise<PanelServer | null> {
    return this.maybe(this.one<PanelServer>('GET', `/servers/${id}`));
  }
  getServerByExternalId(externalId: string): Promise<PanelServer | null> {
    return this.maybe(this.one<PanelServer>('GET', `/servers/external/${encodeURIComponent(externalId)}`));
  }
  listServers(): Promise<PanelServer[]> {
    return this.all<PanelServer>('/servers');
  }
  createServer(server: NewPanelServer): Promise<PanelServer> {
    return this.one<PanelServer>('POST', '/servers', server);
  }
  /** Details are a full replace on the panel: external_id is always re-sent so it is not cleared. */
  updateDetails(
    id: number,
    details: { name: string; user: number; description: string; external_id: string | null },
  ): Promise<PanelServer> {
    return this.one<PanelServer>('PATCH', `/servers/${id}/details`, details);
  }
  updateBuild(id: number, build: PanelBuild): Promise<PanelServer> {
    return this.one<PanelServer>('PATCH', `/servers/${id}/build`, build);
  }
  async suspend(id: number): Promise<void> {
    await this.call('POST', `/servers/${id}/suspend`);
  }
  async unsuspend(id: number): Promise<void> {
    await this.call('POST', `/servers/${id}/unsuspend`);
  }
  /** Deletes the server; a server the panel no longer has counts as deleted. */
  async deleteServer(id: number): Promise<void> {
    try {
      await this.call('DELETE', `/servers/${id}`);
    } catch (err) {
      if (!(err instanceof PanelError && err.kind === 'not_found')) throw err;
    }
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
