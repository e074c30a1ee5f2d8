import type { SsoProvider } from '@hostdeck/contracts';

/** Brand names: the same in every language. */
export const providerNames: Record<SsoProvider, string> = { discord: 'Discord', github: 'GitHub' };
