import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import { readCookie } from './cookies.ts';

/** An error answer of the API: `{ success: false, error_code, message, fields? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The one way the client talks to the API: JSON, same-origin cookies, the CSRF header on writes.
 * `raw` sends a file as the body instead, with its own type as the content type (uploads);
 * `form` sends multipart/form-data (fields and files; the browser sets the boundary);
 * `signal` aborts the call (it then fails as NETWORK_ERROR); `headers` adds request headers
 * (e.g. the anti-adblock check token of earning calls).
 */
export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    raw?: Blob;
    form?: FormData;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
  if (init.raw) headers['content-type'] = init.raw.type || 'application/octet-stream';
  else if (init.body !== undefined && !init.form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? '';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      signal: init.signal,
      body: init.form ?? init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached');
  }
  const data = (await res.json().catch(() => null)) as
    | (T & { error_code?: string; message?: string; fields?: Record<string, string> })
    | null;
  if (!res.ok || data === null) {
    throw new ApiError(
      res.status,
      data?.error_code ?? (res.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST'),
      data?.message ?? res.statusText,
      data?.fields,
    );
  }
  return data;
}
