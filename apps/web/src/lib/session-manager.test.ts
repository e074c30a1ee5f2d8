import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = {
  success: true,
  error_code: null,
  user_info: { uuid: 'u1', username: 'ada', role: 1, credits: 42, avatar: null },
  billing: { company: null, city: 'Chisinau' },
  stats: { servers: 2, tickets: 0 },
  permissions: ['user.permission.vip'],
};
const failure = (code: string) => ({
  success: false,
  error_code: code,
  user_info: null,
  billing: null,
  stats: null,
  permissions: [],
});

let m: typeof import('./session-manager.ts');
const navigate = vi.fn();
const showDialog = vi.fn();

function routes(handler: (url: string) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) => handler(String(url)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sessionCalls = (f: ReturnType<typeof vi.fn>) => f.mock.calls.filter(([u]) => u === '/api/user/session').length;
const logoutCalls = (f: ReturnType<typeof vi.fn>) => f.mock.calls.filter(([u]) => u === '/api/user/auth/logout').length;

beforeEach(async () => {
  vi.resetModules();
  m = await import('./session-manager.ts');
  navigate.mockReset();
  showDialog.mockReset();
  m.sessionManager.configure({ navigate, showDialog });
  document.cookie = 'user_session=1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('session manager', () => {
  it('without the session cookie there is no session and no request', async () => {
    document.cookie = 'user_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const f = routes(() => json(200, session));
    expect(await m.sessionManager.initialize()).toBeNull();
    expect(f).not.toHaveBeenCalled();
  });

  it('uses the answer of the start-up prefetch: one request, applied only when initialize() is called', async () => {
    const f = routes(() => json(200, session));
    m.sessionManager.prefetch();
    await vi.waitFor(() => expect(sessionCalls(f)).toBe(1));
    expect(m.sessionManager.getState().status).toBe('none');
    expect(localStorage.getItem('username')).toBeNull();
    const data = await m.sessionManager.initialize();
    expect(data?.userInfo.username).toBe('ada');
    expect(sessionCalls(f)).toBe(1);
  });

  it('shows the dialog of an invalid session found by the prefetch only once the app applies it', async () => {
    const f = routes((u) => (u === '/api/user/session' ? json(401, failure('SESSION_INVALID')) : json(200, {})));
    m.sessionManager.prefetch();
    await vi.waitFor(() => expect(sessionCalls(f)).toBe(1));
    expect(showDialog).not.toHaveBeenCalled();
    expect(await m.sessionManager.initialize()).toBeNull();
    expect(showDialog).toHaveBeenCalledWith(expect.objectContaining({ next: '/auth/login' }));
    expect(sessionCalls(f)).toBe(1);
  });

  it('initialises once for concurrent callers and caches each key, skipping nulls', async () => {
    const f = routes(() => json(200, session));
    const [a, b] = await Promise.all([m.sessionManager.initialize(), m.sessionManager.initialize()]);
    expect(a).toBe(b);
    expect(sessionCalls(f)).toBe(1);
    expect(localStorage.getItem('username')).toBe('ada');
    expect(localStorage.getItem('credits')).toBe('42');
    expect(localStorage.getItem('city')).toBe('Chisinau');
    expect(localStorage.getItem('servers')).toBe('2');
    expect(localStorage.getItem('avatar')).toBeNull();
    expect(localStorage.getItem('company')).toBeNull();
    expect(JSON.parse(localStorage.getItem('permissions') ?? '[]')).toEqual(['user.permission.vip']);
    expect(localStorage.getItem('role')).toBe('1');
    const init = (f.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['cache-control']).toBe('no-cache');
  });

  it('retries a failed fetch 3 times, 2 s apart, then shows the session-start error and goes to login', async () => {
    vi.useFakeTimers();
    const f = routes((url) =>
      url === '/api/user/session' ? Promise.reject(new TypeError('offline')) : json(200, { success: true }),
    );
    const done = m.sessionManager.initialize();
    await vi.advanceTimersByTimeAsync(3 * 2000);
    expect(await done).toBeNull();
    expect(sessionCalls(f)).toBe(4);
    expect(showDialog).toHaveBeenCalledWith({
      title: 'session.errorTitle',
      message: 'session.errorMessage',
      next: '/auth/login',
    });
    expect(logoutCalls(f)).toBe(1);
  });

  it('does not retry a 503: Server Unavailable, then login', async () => {
    const f = routes((url) => (url === '/api/user/session' ? json(503, {}) : json(200, { success: true })));
    await m.sessionManager.initialize();
    expect(sessionCalls(f)).toBe(1);
    expect(showDialog).toHaveBeenCalledWith({
      title: 'session.unavailableTitle',
      message: 'session.unavailableMessage',
      next: '/auth/login',
    });
  });

  it('an invalid session clears the cached keys and shows the Session Error dialog with its footer', async () => {
    const f = routes(() => json(200, session));
    await m.sessionManager.initialize();
    expect(localStorage.getItem('username')).toBe('ada');
    localStorage.setItem('locale', 'fr');
    f.mockImplementation(async (url: string) =>
      url === '/api/user/session' ? json(401, failure('SESSION_INVALID')) : json(200, { success: true }),
    );
    await m.sessionManager.refresh();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('fr');
    expect(showDialog).toHaveBeenCalledWith({
      title: 'session.invalidTitle',
      message: 'session.invalidMessage',
      footer: 'session.invalidFooter',
      next: '/auth/login',
    });
    expect(logoutCalls(f)).toBe(1);
  });

  it('a rate-limited session call waits for Retry-After and asks again: the member stays signed in', async () => {
    vi.useFakeTimers();
    let limited = true;
    const f = routes((url) => {
      if (url !== '/api/user/session') return json(200, { success: true });
      if (!limited) return json(200, session);
      limited = false;
      return new Response(JSON.stringify({ success: false, error_code: 'RATE_LIMITED', message: 'slow down' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '7' },
      });
    });
    const done = m.sessionManager.initialize();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(sessionCalls(f)).toBe(1); // not before the server said so
    await vi.advanceTimersByTimeAsync(1);
    expect((await done)?.userInfo.username).toBe('ada');
    expect(sessionCalls(f)).toBe(2);
    expect(m.sessionManager.getState().status).toBe('ready');
    expect(logoutCalls(f)).toBe(0);
    expect(showDialog).not.toHaveBeenCalled();
  });

  it('TW0_FA_BLOCKED goes to /auth/2fa/verify with no dialog and keeps the token', async () => {
    const f = routes(() => json(401, failure('TW0_FA_BLOCKED')));
    await m.sessionManager.initialize();
    expect(navigate).toHaveBeenCalledWith('/auth/2fa/verify');
    expect(showDialog).not.toHaveBeenCalled();
    expect(logoutCalls(f)).toBe(0);
  });

  it('refreshes every 60 s and ignores a refresh while one is running', async () => {
    vi.useFakeTimers();
    let release: (() => void) | undefined;
    const f = routes(() => json(200, session));
    await m.sessionManager.initialize();
    expect(sessionCalls(f)).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sessionCalls(f)).toBe(2);
    f.mockImplementation(() => new Promise<Response>((r) => (release = () => r(json(200, session)))));
    const first = m.sessionManager.refresh();
    const second = m.sessionManager.refresh();
    release?.();
    await Promise.all([first, second]);
    expect(sessionCalls(f)).toBe(3);
  });
});

describe('session reload', () => {
  it('keeps a ready session ready while it loads the new data', async () => {
    const f = routes(() => json(200, session));
    await m.sessionManager.initialize();
    const seen: string[] = [];
    m.sessionManager.subscribe(() => seen.push(m.sessionManager.getState().status));
    f.mockImplementation(async () => json(200, { ...session, user_info: { ...session.user_info, credits: 99 } }));
    await m.sessionManager.reload();
    expect(seen.every((s) => s === 'ready')).toBe(true);
    expect(m.sessionManager.getState().data?.userInfo.credits).toBe(99);
  });
});
