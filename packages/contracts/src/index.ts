export * from './admin-settings.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './pagination.ts';
export * from './permissions.ts';
export * from './resource.ts';
export * from './resources/catalog.ts';
export * from './resources/economy.ts';
export * from './resources/media.ts';
export * from './resources/rewards.ts';
export * from './resources/roles.ts';
export * from './resources/servers.ts';
export * from './resources/users.ts';
export * from './roles.ts';
export * from './settings.ts';
export * from './system.ts';

export const APP_VERSION = '0.1.0';
export const SESSION_COOKIE = 'user_token';
/** Readable, non-secret companion of user_token: tells the client a session exists. */
export const SESSION_HINT_COOKIE = 'user_session';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const locales = ['en', 'ro', 'fr', 'de', 'es', 'md'] as const;
export type Locale = (typeof locales)[number];
