import { PanelError, panelErrorFrom } from './errors.ts';
import type { RateBudget } from './rate-budget.ts';

export interface ApplicationApiConfig {
  /** e.g. https://panel.example.com (without /api/application). */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /** Shared by every client of one panel, so together they stay under its rate limit. */
  budget?: RateBudget;
}

export interface Item<T> {
  object: string;
  attributes: T;
}
export interface List<T> {
  object: 'list';
  data: Item<T>[];
  meta?: { pagination: { current_page: number; total_pages: number } };
}

/** What both panels' user objects share. */
export interface ApplicationUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
}

/** PATCH /servers/{id}/build as both panels take it: limits inside `limits`, the allocation always sent. */
export interface ApplicationBuild {
  allocation: number | null;
  limits: { memory: number; swap: number; disk: number; io: number; cpu: number };
  feature_limits: { databases: number; allocations: number; backups: number };
}

/**
 * The transport of the Application API that Pterodactyl and its fork Pelican share: bearer key, JSON
 * Accept (without it the panel answers errors with HTML redirects), a timeout on every call,
 * pagination followed, and the panel's `errors[{code,status,detail}]` mapped to PanelError kinds (a
 * 429's Retry-After kept, and the shared budget paused). It holds no state and never retries by
 * itself: callers (the queue worker) decide, with idempotency through external ids. The endpoints
 * both panels answer alike live here; each flavour's client adds its own.
 */
export class ApplicationClient<User extends ApplicationUser, Server> {
  private readonly base: string;
  constructor(protected readonly config: ApplicationApiConfig) {
    this.base = `${config.baseUrl.replace(/\/+$/, '')}/api/application`;
  }

  protected async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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

  protected async one<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.call<Item<T>>(method, path, body)).attributes;
  }

  /** Every page of a paginated list (or the whole of an unpaginated one). */
  protected async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    const sep = path.includes('?') ? '&' : '?';
    for (let page = 1; page <= 1000; page++) {
      const res = await this.call<List<T>>('GET', `${path}${sep}page=${page}&per_page=100`);
      out.push(...res.data.map((d) => d.attributes));
      if (!res.meta || res.meta.pagination.current_page >= res.meta.pagination.total_pages) break;
    }
    return out;
  }

  protected async maybe<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (err) {
      if (err instanceof PanelError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /** True when the panel has this route (a 404 for an unknown route, as opposed to an unknown id, is false). */
  async hasRoute(path: string): Promise<boolean> {
    try {
      await this.call('GET', path);
      return true;
    } catch (err) {
      if (err instanceof PanelError && err.kind === 'not_found') return false;
      throw err;
    }
  }

  // users
  getUserByExternalId(externalId: string): Promise<User | null> {
    return this.maybe(this.one<User>('GET', `/users/external/${encodeURIComponent(externalId)}`));
  }
  /** Exact email match (the panel's filter is a partial match). */
  async findUserByEmail(email: string): Promise<User | null> {
    const matches = await this.all<User>(`/users?filter[email]=${encodeURIComponent(email)}`);
    return matches.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
  }

  // servers
  getServer(id: number): Promise<Server | null> {
    return this.maybe(this.one<Server>('GET', `/servers/${id}`));
  }
  getServerByExternalId(externalId: string): Promise<Server | null> {
    return this.maybe(this.one<Server>('GET', `/servers/external/${encodeURIComponent(externalId)}`));
  }
  listServers(): Promise<Server[]> {
    return this.all<Server>('/servers');
  }
  /** Details are a full replace on the panel: external_id is always re-sent so it is not cleared. */
  updateDetails(
    id: number,
    details: { name: string; user: number; description: string; external_id: string | null },
  ): Promise<Server> {
    return this.one<Server>('PATCH', `/servers/${id}/details`, details);
  }
  /** Pelican's 1.0 line answers 500 without `allocation`, so it is always sent (null for a server without one). */
  updateBuild(id: number, build: ApplicationBuild): Promise<Server> {
    return this.one<Server>('PATCH', `/servers/${id}/build`, build);
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
}
