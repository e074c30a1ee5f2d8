/**
 * Hostdeck plugin SDK. A plugin is a folder (or an npm package named hostdeck-plugin-*) with a
 * manifest, an optional server entry (`export default definePlugin({...})`) and an optional client
 * entry (`export default defineClientPlugin((api) => {...})`). See docs/plugins.md.
 */

export declare const pluginEvents: readonly PluginEventName[];
export declare const pluginSlots: readonly PluginSlotName[];

/** What each event carries. Plain data, read-only, never a secret. */
export interface PluginEventPayloads {
  'member.registered': { user: { id: string; username: string; email: string } };
  'member.signed_in': { user: { id: string; username: string }; method: string };
  'server.queued': { server: PluginServer };
  'server.created': { server: PluginServer };
  'server.renewed': { server: PluginServer; renewed_until: string | null };
  'server.suspended': { server: PluginServer };
  'server.deleted': { server: PluginServer };
  /** Every ledger movement of a member's coins (delta may be negative). */
  'coins.changed': { user_id: string; delta: number; balance: number; kind: string };
  'purchase.completed': { user_id: string; provider: string; coins: number; amount: string; currency: string };
  'ticket.opened': { ticket: PluginTicket };
  /** A public reply (never a staff-only note); by tells who wrote it. */
  'ticket.replied': { ticket: PluginTicket; by: 'member' | 'staff' };
  'announcement.published': { announcement: { id: number; title: string; published_at: string } };
  /** The keys of the panel settings that changed (never their values). */
  'settings.changed': { keys: string[] };
}
export type PluginEventName = keyof PluginEventPayloads;

export interface PluginServer {
  id: string;
  name: string;
  owner_id: string;
  status: string;
}
export interface PluginTicket {
  id: number;
  subject: string;
  user_id: string;
  department: string | null;
}

/** One occurrence of an event, as a hook receives it. */
export interface PluginEvent<E extends PluginEventName = PluginEventName> {
  /** Unique per occurrence: a hook runs once per id. */
  id: string;
  name: E;
  /** ISO time it happened. */
  at: string;
  data: Readonly<PluginEventPayloads[E]>;
}

export interface PluginLogger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** A key-value store in the database, seen by this plugin only. Values are JSON. */
export interface PluginStore {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /** Keys starting with prefix (at most 1,000). */
  list(prefix?: string): Promise<string[]>;
}

/** fetch with a timeout (5 s by default, at most 15 s); http and https only. */
export type PluginFetch = (url: string, init?: RequestInit & { timeoutMs?: number }) => Promise<Response>;

/** What every hook, job and route gets: no database handle, no other plugin's data. */
export interface PluginContext<Config = Record<string, unknown>> {
  plugin: { identifier: string; version: string };
  log: PluginLogger;
  /** This plugin's configuration as staff saved it (defaults filled in; secrets included). */
  config: Readonly<Config>;
  store: PluginStore;
  fetch: PluginFetch;
  /** Aborted when the hook's time is up: pass it on to long work. */
  signal: AbortSignal;
}

/** Coins through the panel's ledger (routes and jobs only). */
export interface PluginCoins {
  /**
   * Credits a member once per key (the same key again credits nothing and answers credited: false).
   * The ledger line's kind is plugin and its reference the plugin's identifier.
   */
  credit(
    userId: string,
    amount: number,
    options: { key: string; reason: string },
  ): Promise<{ credited: boolean; balance: number }>;
  balance(userId: string): Promise<number>;
}

export interface PluginServerUsage {
  id: string;
  name: string;
  /** Hostdeck's status of the server (installing, active, suspended, …). */
  status: string;
  /** What the hosting panel says now; null when it could not be asked. */
  panel_state: string | null;
  /** Limits in MiB (memory, disk) and percent of a core (cpu). */
  limits: { memory: number; disk: number; cpu: number };
  /** Live use, when the hosting provider reports it; null otherwise (Pterodactyl's Application API does not). */
  usage: { state: string; memory_bytes: number; disk_bytes: number; cpu_percent: number } | null;
}
/** A member's servers and their resource use, through the hosting provider (routes and jobs only). */
export interface PluginServers {
  ofMember(userId: string): Promise<PluginServerUsage[]>;
}

export interface PluginRequest {
  method: string;
  /** The path below /api/plugins/<identifier>. */
  path: string;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The signed-in member, or null on a public route. */
  member: { id: string; username: string; role: number; permissions: string[] } | null;
}

export interface PluginRouteContext<Config = Record<string, unknown>> extends PluginContext<Config> {
  request: PluginRequest;
  coins: PluginCoins;
  servers: PluginServers;
}
export type PluginJobContext<Config = Record<string, unknown>> = PluginContext<Config> & {
  coins: PluginCoins;
  servers: PluginServers;
};

/**
 * Who may call a route, declared like every route of the panel: anyone, a signed-in member, or
 * staff holding a permission (the panel's or one of the plugin's own). A route without it is refused.
 */
export type PluginAccess = 'public' | 'session' | { permission: string };

export interface PluginRoute<Config = Record<string, unknown>> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api/plugins/<identifier>, e.g. "/claim" or "/items/:id". */
  path: string;
  access: PluginAccess;
  /** Answers the JSON body; throw PluginError for an error answer. */
  handler(ctx: PluginRouteContext<Config>): unknown | Promise<unknown>;
}

export interface PluginJob<Config = Record<string, unknown>> {
  name: string;
  /** At least 60. */
  everySeconds: number;
  run(ctx: PluginJobContext<Config>): void | Promise<void>;
}

export type PluginHooks<Config = Record<string, unknown>> = {
  [E in PluginEventName]?: (event: PluginEvent<E>, ctx: PluginContext<Config>) => void | Promise<void>;
};

export interface PluginDefinition<Config = Record<string, unknown>> {
  hooks?: PluginHooks<Config>;
  routes?: PluginRoute<Config>[];
  jobs?: PluginJob<Config>[];
}

export declare function definePlugin<Config = Record<string, unknown>>(
  definition: PluginDefinition<Config>,
): PluginDefinition<Config>;

export declare class PluginError extends Error {
  constructor(status: number, code: string, message: string);
  readonly status: number;
  readonly code: string;
}

// ---- Client ----

export type PluginSlotName =
  | 'dashboard.cards'
  | 'profile.sections'
  | 'admin.dashboard.widgets'
  | 'account.sections'
  | 'sidebar.items';

/** What a slot's component receives. */
export interface PluginSlotProps {
  /** The signed-in member (null where the page has none). */
  member: { id: string; username: string } | null;
  /** What the page is about, where it is about someone: on profile.sections, the profile shown. */
  subject: { type: 'profile'; id: string; username: string } | null;
}

export interface ClientPluginApi {
  identifier: string;
  /** The panel's React (a plugin ships no React of its own). */
  React: typeof import('react');
  registerSlot(
    slot: PluginSlotName,
    component: (props: PluginSlotProps) => unknown,
    options?: { order?: number },
  ): void;
  /** Messages under the plugin's namespace, per language (en, ro, fr, de, es, md). */
  addTranslations(language: string, messages: Record<string, unknown>): void;
  /** t() for the plugin's namespace, in the member's language. */
  useT(): (key: string, values?: Record<string, unknown>) => string;
  /** Calls /api/plugins/<identifier><path> with the session and CSRF token; JSON in and out. */
  request<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

export declare function defineClientPlugin(
  install: (api: ClientApi) => void | Promise<void>,
): (api: ClientApi) => void | Promise<void>;
type ClientApi = ClientPluginApi;
