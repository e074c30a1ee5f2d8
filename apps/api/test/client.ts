import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';

const CSRF = 'test-csrf-token-0123456789';

/**
 * A browser-like client over app.inject: keeps cookies between calls and sends the CSRF header,
 * as the SPA does. `csrf: false` leaves the header out.
 */
export class TestClient {
  cookies = new Map<string, string>([[CSRF_COOKIE, CSRF]]);
  /** The address the requests come from (app.inject's default otherwise). */
  remoteAddress?: string;
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }) {
    const { csrf = true, ...rest } = opts;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (csrf) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    const res = await this.app.inject({
      ...rest,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...opts });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

let counter = 0;
export function newMember(overrides: Record<string, string> = {}) {
  counter += 1;
  const id = `${process.pid % 10_000}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `member_${id}`,
    email: `member_${id}@example.com`,
    password: 'correct horse battery',
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...overrides,
  };
}
