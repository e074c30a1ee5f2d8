import type { SsoProvider } from '@hostdeck/contracts';

/**
 * Where the browser goes to sign in (or, signed in, to link) with a provider: a navigation, not a
 * fetch. A sign-in carries the Turnstile token while the panel asks for the human check.
 */
export function ssoStartUrl(provider: SsoProvider, mode: 'login' | 'link' = 'login', turnstileToken?: string): string {
  const token = turnstileToken ? `&turnstile_token=${encodeURIComponent(turnstileToken)}` : '';
  return `/api/auth/sso/${provider}/start?mode=${mode}${token}`;
}

/** Leaves the SPA for a start address (an object, so tests can watch it; jsdom cannot navigate). */
export const ssoNavigation = { go: (url: string) => window.location.assign(url) };
