/** What went wrong talking to the panel, in the terms the product acts on. */
export type PanelErrorKind =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'business'
  | 'auth'
  | 'rate_limited'
  | 'transient';

export interface PanelFieldError {
  field: string;
  rule: string;
  detail: string;
}

export class PanelError extends Error {
  constructor(
    readonly kind: PanelErrorKind,
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: PanelFieldError[] = [],
    /** How long the panel asked callers to wait before trying again (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth retrying later: timeouts, network faults, 5xx, rate limits. */
  get transient(): boolean {
    return this.kind === 'transient' || this.kind === 'rate_limited';
  }
}

/**
 * A Retry-After header in milliseconds: delay-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined
 * when absent or unreadable. Laravel's throttle middleware, which Pterodactyl uses, sends seconds.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

interface PanelErrorBody {
  errors?: { code?: string; status?: string; detail?: string; meta?: { source_field?: string; rule?: string } }[];
}

/** Maps the panel's `{"errors":[{code,status,detail,meta}]}` (and a 429's Retry-After) to a typed error. */
export function panelErrorFrom(status: number, body: unknown, headers?: Headers): PanelError {
  const errors = (body as PanelErrorBody | null)?.errors ?? [];
  const first = errors[0];
  const code = first?.code ?? `HTTP${status}`;
  const detail = first?.detail ?? `The panel answered HTTP ${status}`;
  if (status === 422) {
    const fields = errors.map((e) => ({
      field: e.meta?.source_field ?? '',
      rule: e.meta?.rule ?? '',
      detail: e.detail ?? '',
    }));
    return new PanelError('validation', detail, status, code, fields);
  }
  if (status === 404) return new PanelError('not_found', detail, status, code);
  if (status === 409) return new PanelError('conflict', detail, status, code);
  if (status === 401 || status === 403) return new PanelError('auth', detail, status, code);
  const retryAfterMs = parseRetryAfter(headers?.get('retry-after'));
  if (status === 429) return new PanelError('rate_limited', detail, status, code, [], retryAfterMs);
  // A 503 during maintenance may say when to come back too.
  if (status >= 500) return new PanelError('transient', detail, status, code, [], retryAfterMs);
  return new PanelError('business', detail, status, code);
}
