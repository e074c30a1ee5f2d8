import { SERVER_MINIMUMS, SERVER_RESOURCE_KEYS, ServerRequestSchema } from '@hostdeck/contracts';
import type { Formatters } from '../../lib/format.ts';

/** The six resources a server holds, in the order the forms show them. */
export const resourceKeys = SERVER_RESOURCE_KEYS;
export type ResourceKey = (typeof SERVER_RESOURCE_KEYS)[number];
export type Resources = Record<ResourceKey, number>;

/** The smallest server the panel runs: where every slider starts. */
export const minimums: Resources = { ...SERVER_MINIMUMS };

/** The most the contract accepts for each resource (the admin form's bounds; the server judges the member). */
export const contractMaximums = Object.fromEntries(
  resourceKeys.map((k) => [k, ServerRequestSchema.shape[k].maxValue ?? Number.MAX_SAFE_INTEGER]),
) as Resources;

/**
 * The statuses a server reports: as last read from the panel; "missing" when the panel no longer has
 * it; "other_panel" when it was built on a panel this site no longer uses (decision 0013).
 */
export const serverStatuses = [
  'installing',
  'active',
  'suspended',
  'install_failed',
  'updating',
  'deleting',
  'missing',
  'other_panel',
] as const;

export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.round(value), min), Math.max(min, max));
}

/** The resources whose upper bound is below the minimum: a server cannot be made with them. */
export function lackingResources(max: Resources, min: Resources = minimums): ResourceKey[] {
  return resourceKeys.filter((k) => max[k] < min[k]);
}

/** "512 MB", "50 %", "3" as the member's language writes them. */
export function formatResource(f: Formatters, key: ResourceKey, value: number): string {
  if (key === 'memory' || key === 'disk') return f.megabytes(value);
  if (key === 'cpu') return f.percent(value);
  return f.number(value);
}

/** Only what the resources of a response hold, for forms that start from a server. */
export function pickResources(source: Resources): Resources {
  return Object.fromEntries(resourceKeys.map((k) => [k, source[k]])) as Resources;
}
