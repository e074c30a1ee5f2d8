import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ok = (body: unknown, init: ResponseInit = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
const good = {
  success: true,
  settings: { app_name: 'Blockhaven', allow_servers: true },
  core: { app_version: '1.0.0' },
  message: null,
  error_code: null,
};

let store: typeof import('./settings-store.ts');
beforeEach(async () => {
  vi.resetModules();
  store = await import('./settings-store.ts');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function errorFor(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  await store.settingsStore.initialize();
  const state = store.settingsStore.getState();
  if (state.status !== 'error') throw new Error(`expected error, got ${state.status}`);
  return state.error;
}

describe('settings loading error catalogue (specification §8)', () => {
  it('HTTP 500 → SERVER_ERROR', async () => {
    expect(await errorFor(new Response('x', { status: 500 }))).toEqual({
      title: 'Error',
      message: 'An unexpected server error occurred. Please try again later.',
      code: 'SERVER_ERROR',
    });
  });
  it('other non-OK → INVALID_RESPONSE', async () => {
    expect(await errorFor(new Response('x', { status: 502 }))).toEqual({
      title: 'Error',
      message: 'Invalid response from server. Please try again later.',
      code: 'INVALID_RESPONSE',
    });
  });
  it('non-JSON content type → INVALID_RESPONSE', async () => {
    expect(await errorFor(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }))).toEqual({
      title: 'Error',
      message: 'Server returned non-JSON response. Please try again later.',
      code: 'INVALID_RESPONSE',
    });
  });
  it('unparseable JSON → PARSE_ERROR', async () => {
    expect(await errorFor(ok('{not json'))).toEqual({
      title: 'Error',
      message: 'Failed to parse server response. Please try again later.',
      code: 'PARSE_ERROR',
    });
  });
  it('LICENSE_INVALID and RATE_LIMITED have their own titles', async () => {
    expect(await errorFor(ok({ success: false, error_code: 'LICENSE_INVALID', message: null }))).toEqual({
      title: 'License Invalid',
      message: 'The licensekey provided is invalid or has expired. Please contact support.',
      code: 'LICENSE_INVALID',
    });
    vi.resetModules();
    store = await import('./settings-store.ts');
    expect(await errorFor(ok({ success: false, error_code: 'RATE_LIMITED', message: null }))).toMatchObject({
      title: 'Rate Limited',
      message: 'You have been rate limited. Please try again later.',
    });
  });
  it('any other failure shows the server message (or the default) and its code', async () => {
    expect(await errorFor(ok({ success: false, error_code: 'MAINTENANCE', message: 'Back at noon' }))).toEqual({
      title: 'Error',
      message: 'Back at noon',
      code: 'MAINTENANCE',
    });
    vi.resetModules();
    store = await import('./settings-store.ts');
    expect(await errorFor(ok({ success: false, error_code: 'X', message: '' }))).toEqual({
      title: 'Error',
      message: 'An unexpected error occurred. Please try again later.',
      code: 'X',
    });
  });
});

describe('settings cache', () => {
  it('merges settings and core, stores per key, and serves from cache for 30 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi.fn(async () => ok(good));
    vi.stubGlobal('fetch', fetchMock);
    expect(store.settingsStore.get('app_name')).toBe('Fetching settings...');
    await store.settingsStore.initialize();
    expect(store.settingsStore.get('app_name')).toBe('Blockhaven');
    expect(store.settingsStore.get('app_version')).toBe('1.0.0');
    expect(localStorage.getItem('setting:app_name')).toBe('Blockhaven');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.resetModules();
    store = await import('./settings-store.ts');
    vi.setSystemTime(Date.now() + 29 * 60_000);
    await store.settingsStore.initialize();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.resetModules();
    store = await import('./settings-store.ts');
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await store.settingsStore.initialize();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches once for concurrent readers', async () => {
    const fetchMock = vi.fn(async () => ok(good));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([
      store.settingsStore.initialize(),
      store.settingsStore.initialize(),
      store.settingsStore.initialize(),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refresh() swaps in new values without leaving the initialized state, and keeps them on failure', async () => {
    const fetchMock = vi.fn(async () => ok(good));
    vi.stubGlobal('fetch', fetchMock);
    await store.settingsStore.initialize();
    const seen: string[] = [];
    store.settingsStore.subscribe(() => seen.push(store.settingsStore.getState().status));
    fetchMock.mockResolvedValueOnce(ok({ ...good, settings: { app_name: 'Renamed' } }));
    await store.settingsStore.refresh();
    expect(store.settingsStore.get('app_name')).toBe('Renamed');
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 500 }));
    await store.settingsStore.refresh();
    expect(store.settingsStore.get('app_name')).toBe('Renamed');
    expect(seen).toEqual(['initialized']);
  });
});
