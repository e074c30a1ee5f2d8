// Kept apart from the settings catalogue, which defines a setting per provider from it: the member
// area's navigation names the providers, and importing them from settings.ts took the whole
// catalogue (6 KB gzip) onto the dashboard.

/** Link-reward providers and their display names (the generic shortener's name is a setting). */
export const linkProviderNames = {
  linkvertise: 'Linkvertise',
  shareus: 'ShareUs',
  linkpays: 'LinkPays',
  gyanilinks: 'GyaniLinks',
  generic: 'Shortener',
} as const;
