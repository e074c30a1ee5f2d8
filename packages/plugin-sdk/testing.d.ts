import type { PluginRequest, PluginRouteContext, PluginServerUsage } from './index.d.ts';

export interface TestContextOptions<Config> {
  identifier?: string;
  config?: Config;
  member?: PluginRequest['member'];
  request?: Partial<PluginRequest>;
  /** Starting balances by member id. */
  balances?: Record<string, number>;
  servers?: PluginServerUsage[];
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/** A context like the panel's, in memory: for a plugin's unit tests. */
export declare function createTestContext<Config = Record<string, unknown>>(
  options?: TestContextOptions<Config>,
): {
  ctx: PluginRouteContext<Config>;
  logs: { level: string; message: string; data?: Record<string, unknown> }[];
  credits: { userId: string; amount: number; key: string; reason: string }[];
  store: Map<string, unknown>;
};
