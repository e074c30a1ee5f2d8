/**
 * Names the panel a link or a server record belongs to. Ids on a panel (users, servers) mean
 * nothing on another panel, or on the same address rebuilt, so every stored panel id is kept with
 * the key of the panel it came from and used only while that panel is the configured one. The
 * migration 0013 backfills existing rows with the same rule in SQL: keep the two in step.
 */
export const DEMO_PANEL_KEY = 'demo';

export function panelKeyFor(baseUrl: string | null): string {
  const key = (baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
  return key || DEMO_PANEL_KEY;
}
