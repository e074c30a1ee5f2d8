import { CSRF_COOKIE, CSRF_HEADER, SESSION_HINT_COOKIE, type SessionResponse } from '@hostdeck/contracts';
import { readCookie } from './cookies.ts';
import { storage } from './storage.ts';

/** Specification §9: refresh every 60 s; up to 3 retries, 2 s apart, except on 503. */
export const SESSION_REFRESH_MS = 60_000;
export const SESSION_RETRIES = 3;
export const SESSION_RETRY_DELAY_MS = 2_000;
/** The longest Retry-After of a 429 the session call waits for before asking again. */
export const SESSION_RATE_LIMIT_WAIT_MAX_MS = 60_000;
const KEYS_INDEX = 'session-keys';

export interface SessionData {
  userInfo: Record<string, string | number | boolean | null>;
  billing: Record<string, string | number | boolean | null>;
  stats: Record<string, string | number | boolean | null>;
  permissions: string[];
}
/** Dialog content as translation keys (the §8 texts are the English translations). */
export interface SessionDialog {
  title: string;
  message: string;
  footer?: string;
  next: string;
}
export interface SessionHooks {
  navigate(path: string): void;
  showDialog(dialog: SessionDialog): void;
}
type Outcome =
  | { kind: 'ok'; data: SessionData }
  | { kind: 'two-factor' }
  | { kind: 'invalid' }
  | { kind: 'unavailable' }
  | { kind: 'server-error' };
type State = { status: 'none' | 'loading' | 'ready'; data: SessionData | null };

let state: State = { status: 'none', data: null };
let initPromise: Promise<SessionData | null> | null = null;
/** The answer of a session call made at start-up, for initialize() to use (see prefetch). */
let early: { answer: Promise<Outcome>; at: number } | null = null;
/** An early answer older than this is asked for again (a page that never needed the session). */
const EARLY_ANSWER_MS = 30_000;
let refreshing = false;
let timer: ReturnType<typeof setInterval> | undefined;
let hooks: SessionHooks = { navigate: (p) => window.location.assign(p), showDialog: () => {} };
const listeners = new Set<() => void>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function set(next: State): void {
  state = next;
  for (const l of listeners) l();
}

/** No session hint cookie means no session (the token itself is HttpOnly). */
export function hasSession(): boolean {
  return readCookie(SESSION_HINT_COOKIE) !== undefined;
}

/** 2 s, or for a 429 the seconds of its Retry-After (at most a minute). */
function retryDelay(res: Response): number {
  const seconds = res.status === 429 ? Number(res.headers.get('retry-after')) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return SESSION_RETRY_DELAY_MS;
  return Math.min(Math.max(seconds * 1000, SESSION_RETRY_DELAY_MS), SESSION_RATE_LIMIT_WAIT_MAX_MS);
}

async function fetchSession(): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    const retry = attempt < SESSION_RETRIES;
    let res: Response;
    try {
      res = await fetch('/api/user/session', {
        cache: 'no-store',
        headers: { 'cache-control': 'no-cache', pragma: 'no-cache', accept: 'application/json' },
      });
    } catch {
      if (retry) {
        await sleep(SESSION_RETRY_DELAY_MS);
        continue;
      }
      return { kind: 'server-error' };
    }
    if (res.status === 503) return { kind: 'unavailable' };
    // A rate limit says nothing about the session (members behind one address share a budget):
    // ask again once the server says the window has passed, like a server fault, never sign out at once.
    if (res.status >= 500 || res.status === 429) {
      if (retry) {
        await sleep(retryDelay(res));
        continue;
      }
      return { kind: 'server-error' };
    }
    const body = (await res.json().catch(() => null)) as SessionResponse | null;
    if (body?.error_code === 'TW0_FA_BLOCKED') return { kind: 'two-factor' };
    if (!res.ok || !body?.success || !body.user_info) return { kind: 'invalid' };
    return {
      kind: 'ok',
      data: {
        userInfo: body.user_info,
        billing: body.billing ?? {},
        stats: body.stats ?? {},
        permissions: body.permissions,
      },
    };
  }
}

/** Each key of user_info, billing and stats in its own entry, nulls skipped; plus permissions and the role. */
function cache(data: SessionData): void {
  const keys: string[] = [];
  for (const group of [data.userInfo, data.billing, data.stats]) {
    for (const [k, v] of Object.entries(group)) {
      if (v === null || v === undefined) continue;
      storage.set(k, String(v));
      keys.push(k);
    }
  }
  storage.setJson('permissions', data.permissions);
  storage.set('role', String(data.userInfo.role ?? ''));
  storage.setJson(KEYS_INDEX, [...keys, 'permissions', 'role']);
}

function clearCache(): void {
  for (const k of storage.getJson<string[]>(KEYS_INDEX) ?? []) storage.remove(k);
  storage.remove(KEYS_INDEX);
}

const dialogs: Record<'invalid' | 'unavailable' | 'server-error', Omit<SessionDialog, 'next'>> = {
  unavailable: { title: 'session.unavailableTitle', message: 'session.unavailableMessage' },
  'server-error': { title: 'session.errorTitle', message: 'session.errorMessage' },
  invalid: { title: 'session.invalidTitle', message: 'session.invalidMessage', footer: 'session.invalidFooter' },
};

async function apply(outcome: Outcome): Promise<SessionData | null> {
  if (outcome.kind === 'ok') {
    cache(outcome.data);
    set({ status: 'ready', data: outcome.data });
    startRefresh();
    return outcome.data;
  }
  stopRefresh();
  if (outcome.kind === 'two-factor') {
    set({ status: 'none', data: null });
    hooks.navigate('/auth/2fa/verify');
    return null;
  }
  await sessionManager.clear();
  hooks.showDialog({ ...dialogs[outcome.kind], next: '/auth/login' });
  return null;
}

function startRefresh(): void {
  if (timer) return;
  timer = setInterval(() => void sessionManager.refresh(), SESSION_REFRESH_MS);
}
function stopRefresh(): void {
  clearInterval(timer);
  timer = undefined;
}

export const sessionManager = {
  configure(next: SessionHooks): void {
    hooks = next;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): State => state,
  /**
   * At start-up, before the app renders: asks the server for the session at once, so a signed-in
   * page does not wait for the settings and messages first. Only the request starts here; what the
   * answer means (the dialogs, going to 2FA) is applied by initialize(), once the app is mounted.
   */
  prefetch(): void {
    if (hasSession() && state.status === 'none' && !initPromise) early ??= { answer: fetchSession(), at: Date.now() };
  },
  /** Initialised once and shared; a failure resets it so the next call tries again. */
  initialize(): Promise<SessionData | null> {
    if (!hasSession()) return Promise.resolve(null);
    if (state.status === 'ready') return Promise.resolve(state.data);
    if (!initPromise) {
      set({ status: 'loading', data: state.data });
      const answer = early && Date.now() - early.at < EARLY_ANSWER_MS ? early.answer : fetchSession();
      early = null;
      initPromise = answer.then(apply).then((data) => {
        if (!data) initPromise = null;
        return data;
      });
    }
    return initPromise;
  },
  /** The 60-second refresh; a refresh while one is running is ignored. */
  async refresh(): Promise<void> {
    if (refreshing || !hasSession()) return;
    refreshing = true;
    try {
      await apply(await fetchSession());
    } finally {
      refreshing = false;
    }
  },
  /** Ends the session on the server (the token is HttpOnly), clears the cached keys, stops refreshing. */
  async clear(): Promise<void> {
    stopRefresh();
    initPromise = null;
    early = null;
    clearCache();
    set({ status: 'none', data: null });
    await fetch('/api/user/auth/logout', {
      method: 'POST',
      headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
    }).catch(() => undefined);
  },
  /**
   * After login or an account change: load the session again. A ready session stays ready while
   * the new one loads, so guarded pages are not torn down and mounted again.
   */
  async reload(): Promise<SessionData | null> {
    initPromise = null;
    if (state.status !== 'ready') return sessionManager.initialize();
    return apply(await fetchSession());
  },
};
