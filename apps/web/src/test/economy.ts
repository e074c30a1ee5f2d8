import type { CoinEntry, Profile, PublicMember, StoreCatalogue, StoreItem } from '@hostdeck/contracts';
import { vi } from 'vitest';
import { sessionManager } from '../lib/session-manager.ts';
import { settingsStore } from '../lib/settings-store.ts';
import { type Call, mockApi } from './render.tsx';

export const ME = '11111111-1111-4111-8111-111111111111';
export const ADA = '22222222-2222-4222-8222-222222222222';

/** The session of a signed-in member (the top bar's coins come from `credits`). */
export function session(userInfo: Record<string, unknown> = {}, permissions: string[] = []) {
  return {
    success: true,
    error_code: null,
    user_info: {
      uuid: ME,
      username: 'me',
      email: 'me@example.com',
      role: 1,
      role_name: 'member',
      role_display_name: 'Member',
      role_color: '#94a3b8',
      credits: 1000,
      two_fa_enabled: false,
      first_seen: '2025-01-15T10:00:00.000Z',
      ...userInfo,
    },
    billing: {},
    stats: {},
    permissions,
  };
}

export const settingsResponse = (values: Record<string, unknown>) => ({
  success: true,
  settings: values,
  core: {},
  message: null,
  error_code: null,
});

/**
 * fetch answered by `routes`, the public settings given, and a signed-in session; both stores are
 * loaded before the page renders, as the app does at start-up.
 */
export async function signIn(
  routes: Record<string, unknown>,
  { settings = {}, userInfo = {}, permissions = [] as string[] } = {},
): Promise<Call[]> {
  document.cookie = 'user_session=1; path=/';
  const calls = mockApi({
    'GET /api/system/settings': settingsResponse(settings),
    'GET /api/user/session': session(userInfo, permissions),
    ...routes,
  });
  await settingsStore.refresh();
  await sessionManager.initialize();
  return calls;
}

export const page = <T>(data: T[], extra: Record<string, unknown> = {}) => ({
  success: true,
  data,
  total: data.length,
  page: 1,
  per_page: 10,
  total_pages: 1,
  ...extra,
});

export function entry(overrides: Partial<CoinEntry> = {}): CoinEntry {
  return {
    id: 'e-1',
    amount: 500,
    balance_after: 1500,
    kind: 'redeem',
    reason: 'Code WELCOME',
    reference: '1',
    created_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function storeItem(overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    key: 'ram',
    enabled: true,
    price: 100,
    amount: 1024,
    max: 8192,
    current: 2048,
    packs_left: 6,
    ...overrides,
  };
}

export function catalogue(overrides: Partial<StoreCatalogue> = {}): StoreCatalogue {
  return { success: true, enabled: true, coins: 10_000, items: [storeItem()], ...overrides };
}

export function member(overrides: Partial<PublicMember> = {}): PublicMember {
  return {
    uuid: ADA,
    username: 'ada',
    avatar: null,
    role_name: 'member',
    role_display_name: 'Member',
    role_color: '#94a3b8',
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    ...member(),
    background: null,
    joined_at: '2025-06-01T09:00:00.000Z',
    servers: 3,
    early_supporter: false,
    can_gift: true,
    ...overrides,
  };
}

/** After each test: the session ends against a stubbed fetch (never the network), then fetch is restored. */
export async function signOut(): Promise<void> {
  mockApi({});
  await sessionManager.clear();
  vi.unstubAllGlobals();
}
