import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (status: number, code: string, fields?: Record<string, string>) =>
  json({ success: false, error_code: code, message: code, fields }, status);

type Handler = unknown | ((body: unknown) => unknown);
export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * fetch answered at the boundary by "METHOD /path" (query string included). A handler is the JSON
 * body, a Response, or a function of the request body; anything else answers 404 NOT_FOUND.
 */
export function mockApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      // JSON bodies are parsed; a file (an upload) is handed over as it is.
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
      calls.push({ method, path, body, headers: { ...(init.headers as Record<string, string>) } });
      const handler = routes[`${method} ${path}`];
      if (handler === undefined) return apiError(404, 'NOT_FOUND');
      const result = typeof handler === 'function' ? (handler as (b: unknown) => unknown)(body) : handler;
      return result instanceof Response ? result : json(result);
    }),
  );
  return calls;
}

/**
 * One page at one URL, with the real English messages, a fresh query cache and a stand-in dashboard.
 * `strict` renders under StrictMode, as the app does (each effect runs twice in development).
 */
export async function renderPage(
  element: ReactNode,
  { path, url, extra = [], strict = false }: { path: string; url: string; extra?: RouteObject[]; strict?: boolean },
) {
  if (!i18n.isInitialized) await initI18n();
  const router = createMemoryRouter(
    [{ path, element }, { path: '/dashboard', element: <p>dashboard page</p> }, ...extra],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{page}</StrictMode> : page);
  return { router, client, view };
}
