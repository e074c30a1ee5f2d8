import type {
  CoinEntry,
  Payment,
  Profile,
  PublicMember,
  Receipt,
  StoreCatalogue,
  StoreItem,
  TopUpOptions,
} from '@hostdeck/contracts';
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
    skin_url: null,
    joined_at: '2025-06-01T09:00:00.000Z',
    servers: 3,
    early_supporter: false,
    can_gift: true,
    ...overrides,
  };
}

export const PAYMENT = '33333333-3333-4333-8333-333333333333';

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT,
    provider: 'stripe',
    amount_cents: 2500,
    currency: 'eur',
    coins: 2500,
    status: 'completed',
    created_at: '2026-03-01T12:00:00.000Z',
    completed_at: '2026-03-01T12:00:05.000Z',
    ...overrides,
  };
}

/** The add-credits options: Stripe configured, 100 coins for 1.00 EUR, 1.00 to 1,000.00 EUR. */
export function topUp(overrides: Partial<TopUpOptions> = {}): TopUpOptions {
  return {
    success: true,
    enabled: true,
    providers: ['stripe'],
    currency: 'EUR',
    coins_per_unit: 100,
    min_cents: 100,
    max_cents: 100_000,
    payments: [],
    ...overrides,
  };
}

export function receipt(overrides: Partial<Receipt['data']> = {}): Receipt {
  const none = { company: null, address: null, city: null, state: null, zip: null, country: null, vat: null };
  return {
    success: true,
    data: {
      number: 'HD-2026-33333333',
      payment: payment(),
      seller: {
        ...none,
        name: 'Hostdeck',
        company: 'Hostdeck SRL',
        address: 'Strada Exemplu 1',
        city: 'Chișinău',
        zip: 'MD-2001',
        country: 'Moldova',
        vat: 'MD123456',
      },
      buyer: { ...none, name: 'me', email: 'me@example.com', city: 'Paris', country: 'France' },
      ...overrides,
    },
  };
}

/** After each test: the session ends against a stubbed fetch (never the network), then fetch is restored. */
export async function signOut(): Promise<void> {
  mockApi({});
  await sessionManager.clear();
  vi.unstubAllGlobals();
}
