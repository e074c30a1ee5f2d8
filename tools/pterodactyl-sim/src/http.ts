import type { IncomingMessage } from 'node:http';

/** The shared plumbing of both panels: their error format, filters, includes and body parsing. */
export type Body = Record<string, unknown>;

export interface RequestContext {
  params: string[];
  query: URLSearchParams;
  body: Body;
  base: string;
}
/** A route's answer: a status (200 when left out) and a JSON body (none for a 204). */
export type Handler = (ctx: RequestContext) => unknown | Promise<unknown>;
export type Route = (method: string, path: string, handler: Handler) => void;

export interface ApiError {
  code: string;
  status: string;
  detail: string;
  meta?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
  ) {
    super(errors[0]?.detail);
  }
}

export const notFound = () =>
  new HttpError(404, [
    {
      code: 'NotFoundHttpException',
      status: '404',
      detail: 'The requested resource could not be found on the server.',
    },
  ]);
export const display = (code: string, detail: string) => new HttpError(400, [{ code, status: '400', detail }]);
export const UNEXPECTED = 'An unexpected error was encountered while processing this request, please try again.';

export interface FieldError {
  field: string;
  rule: string;
  detail: string;
}
export const invalid = (errors: FieldError[]) =>
  new HttpError(
    422,
    errors.map((e) => ({
      code: 'ValidationException',
      status: '422',
      detail: e.detail,
      meta: { source_field: e.field, rule: e.rule },
    })),
  );

export function byId<T extends { id: number }>(rows: T[], id: string | undefined): T {
  const found = /^\d+$/.test(id ?? '') ? rows.find((r) => r.id === Number(id)) : undefined;
  if (!found) throw notFound();
  return found;
}

/** spatie/laravel-query-builder's partial filters: `filter[x]=a,b` matches either term, case-insensitively. */
export function filterBy<T>(
  rows: T[],
  query: URLSearchParams,
  allowed: string[],
  column: (row: T, name: string) => unknown = (row, name) => (row as Record<string, unknown>)[name],
): T[] {
  let out = rows;
  for (const [key, value] of query) {
    const m = key.match(/^filter\[(\w+)\]$/);
    if (!m?.[1]) continue;
    if (!allowed.includes(m[1])) {
      throw new HttpError(400, [
        {
          code: 'InvalidFilterQuery',
          status: '400',
          detail: `Requested filter(s) \`${m[1]}\` are not allowed. Allowed filter(s) are \`${allowed.join(', ')}\`.`,
        },
      ]);
    }
    const terms = value.toLowerCase().split(',');
    out = out.filter((r) =>
      terms.some((t) =>
        String(column(r, m[1] as string) ?? '')
          .toLowerCase()
          .includes(t),
      ),
    );
  }
  return out;
}

export function includes(query: URLSearchParams): Set<string> {
  return new Set(
    [...query.getAll('include'), ...query.getAll('include[]')]
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  );
}

/** The request body; a body that is not JSON is refused with `detail`, as the panels' IsValidJson middleware does. */
export async function readJson(req: IncomingMessage, detail: string): Promise<Body> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Body) : {};
  } catch {
    throw new HttpError(400, [{ code: 'BadRequestHttpException', status: '400', detail }]);
  }
}
