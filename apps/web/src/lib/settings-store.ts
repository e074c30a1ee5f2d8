import type { SystemSettingsResponse } from '@hostdeck/contracts';
import { storage } from './storage.ts';

/** Settings cache lifetime (specification §9). */
export const SETTINGS_CACHE_MS = 30 * 60_000;
const CACHE_KEY = 'settings-cache';
export const FETCHING_TEXT = 'Fetching settings...';

export type SettingValue = string | number | boolean | Record<string, unknown>;
export interface SettingsError {
  title: string;
  message: string;
  code?: string;
}
type State =
  | { status: 'uninitialized' | 'loading' | 'initialized'; values: Record<string, SettingValue> }
  | { status: 'error'; error: SettingsError; values: Record<string, SettingValue> };

let state: State = { status: 'uninitialized', values: {} };
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const l of listeners) l();
}

export const settingsStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): State => state,
  /** Cache hit or server fetch; each failure of §8 "Settings loading" becomes an error state. */
  initialize(): Promise<void> {
    if (state.status === 'initialized' || state.status === 'error') return Promise.resolve();
    pending ??= load().finally(() => {
      pending = null;
    });
    return pending;
  },
  /** Reading a setting before initialization starts the fetch and answers "Fetching settings...". */
  get(key: string): SettingValue | undefined {
    if (state.status !== 'initialized') {
      void settingsStore.initialize();
      return FETCHING_TEXT;
    }
    return state.values[key];
  },
  /** Fetches again in the background (after an admin saves); the page keeps its current values meanwhile. */
  async refresh(): Promise<void> {
    const result = await fetchSettings();
    if ('error' in result) return;
    store(result.values);
    set({ status: 'initialized', values: result.values });
  },
};

/** The panel's default language (setting app_lang) once the settings are loaded; undefined if they fail. */
export async function appLanguage(): Promise<unknown> {
  await settingsStore.initialize();
  const current = settingsStore.getState();
  return current.status === 'initialized' ? current.values.app_lang : undefined;
}

async function load(): Promise<void> {
  const cached = storage.getJson<{ timestamp: number; values: Record<string, SettingValue> }>(CACHE_KEY);
  if (cached && Date.now() - cached.timestamp < SETTINGS_CACHE_MS) {
    set({ status: 'initialized', values: cached.values });
    return;
  }
  if (cached) storage.remove(CACHE_KEY);
  set({ status: 'loading', values: {} });
  const result = await fetchSettings();
  if ('error' in result) {
    set({ status: 'error', error: result.error, values: {} });
    return;
  }
  store(result.values);
  set({ status: 'initialized', values: result.values });
}

/** The cache entry with its timestamp, and each key on its own. */
function store(values: Record<string, SettingValue>): void {
  storage.setJson(CACHE_KEY, { timestamp: Date.now(), values });
  for (const [k, v] of Object.entries(values))
    storage.set(`setting:${k}`, typeof v === 'object' ? JSON.stringify(v) : String(v));
}

const GENERIC = 'An unexpected error occurred. Please try again later.';

/** The settings-loading error catalogue of specification §8, word for word. */
export async function fetchSettings(): Promise<{ values: Record<string, SettingValue> } | { error: SettingsError }> {
  let res: Response;
  try {
    res = await fetch('/api/system/settings', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    return {
      error: {
        title: 'Error',
        message: 'An unexpected server error occurred. Please try again later.',
        code: 'SERVER_ERROR',
      },
    };
  }
  if (res.status === 500)
    return {
      error: {
        title: 'Error',
        message: 'An unexpected server error occurred. Please try again later.',
        code: 'SERVER_ERROR',
      },
    };
  if (!res.ok)
    return {
      error: {
        title: 'Error',
        message: 'Invalid response from server. Please try again later.',
        code: 'INVALID_RESPONSE',
      },
    };
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
    return {
      error: {
        title: 'Error',
        message: 'Server returned non-JSON response. Please try again later.',
        code: 'INVALID_RESPONSE',
      },
    };
  }
  let body: SystemSettingsResponse;
  try {
    body = JSON.parse(await res.text()) as SystemSettingsResponse;
  } catch {
    return {
      error: {
        title: 'Error',
        message: 'Failed to parse server response. Please try again later.',
        code: 'PARSE_ERROR',
      },
    };
  }
  if (!body.success) {
    if (body.error_code === 'LICENSE_INVALID') {
      return {
        error: {
          title: 'License Invalid',
          message: 'The licensekey provided is invalid or has expired. Please contact support.',
          code: 'LICENSE_INVALID',
        },
      };
    }
    if (body.error_code === 'RATE_LIMITED')
      return {
        error: {
          title: 'Rate Limited',
          message: 'You have been rate limited. Please try again later.',
          code: 'RATE_LIMITED',
        },
      };
    return { error: { title: 'Error', message: body.message || GENERIC, code: body.error_code ?? undefined } };
  }
  return { values: { ...body.settings, ...body.core } };
}
