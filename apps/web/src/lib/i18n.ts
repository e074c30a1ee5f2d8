import { type Locale, locales } from '@hostdeck/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type MessagePart, messageParts } from '../locales/parts.ts';
import { storage } from './storage.ts';

type Messages = { default: Record<string, unknown> };
/**
 * Lazy chunks per language (specification §7), each cut in four parts (locales/parts.ts): the
 * sign-in pages load the core part only; the member and admin layouts load theirs; a few rarely
 * opened screens load the extra part themselves.
 */
const loaders: Record<MessagePart, Record<string, () => Promise<Messages>>> = {
  core: import.meta.glob<Messages>('../locales/*/*.json', { query: { part: 'core' } }),
  member: import.meta.glob<Messages>('../locales/*/*.json', { query: { part: 'member' } }),
  admin: import.meta.glob<Messages>('../locales/*/*.json', { query: { part: 'admin' } }),
  extra: import.meta.glob<Messages>('../locales/*/*.json', { query: { part: 'extra' } }),
};
/** The parts every language gets: the production build starts with the core; dev and tests load all. */
const wantedParts = new Set<MessagePart>(import.meta.env.PROD ? ['core'] : messageParts);
const loadedParts = new Set<string>();
let started: Promise<void> | null = null;
export const LOCALE_KEY = 'locale';
export const languageNames: Record<Locale, string> = {
  en: 'English',
  ro: 'Română',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  md: 'Moldovenească',
};

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (locales as readonly string[]).includes(v);
}

async function loadPart(lng: Locale, part: MessagePart): Promise<boolean> {
  if (loadedParts.has(`${lng}:${part}`)) return true;
  const loader = loaders[part][`../locales/${lng}/${lng}.json`];
  try {
    if (!loader) throw new Error(`no messages for ${lng}`);
    i18n.addResourceBundle(lng, 'translation', (await loader()).default, true, true);
    loadedParts.add(`${lng}:${part}`);
    return true;
  } catch (err) {
    console.error(`Language messages for ${lng} (${part}) failed to load`, err);
    return false;
  }
}

async function loadLanguage(lng: Locale): Promise<boolean> {
  const done = await Promise.all([...wantedParts].map((part) => loadPart(lng, part)));
  return done.every(Boolean);
}

/**
 * Loads `parts` of the messages for the current language and English (the fallback), once i18n has
 * started (a layout's route calls this; before initI18n, as in tests that render without it, it
 * does nothing).
 */
export async function loadMessages(...parts: MessagePart[]): Promise<void> {
  if (!started) return;
  // English is always loaded (the fallback), and so is a stored choice: their chunks are asked for
  // now, while i18n may still be starting (it waits for the settings), and added below.
  const stored = storage.get(LOCALE_KEY);
  for (const lng of new Set(['en', isLocale(stored) ? stored : 'en']))
    for (const part of parts) void loaders[part][`../locales/${lng}/${lng}.json`]?.().catch(() => undefined);
  await started;
  for (const part of parts) wantedParts.add(part);
  const languages = new Set<Locale>(['en', isLocale(i18n.language) ? i18n.language : 'en']);
  await Promise.all([...languages].map(loadLanguage));
}

/** A key missing from the loaded parts: load the others, once (the page re-renders when they arrive). */
let loadingRest = false;
function loadRest(): void {
  if (loadingRest || messageParts.every((part) => wantedParts.has(part))) return;
  loadingRest = true;
  void loadMessages(...messageParts);
}

/**
 * Loads the stored language; a visitor without one gets `defaultLanguage` (the app passes the panel's
 * app_lang setting), else EN. It is not stored: only the visitor's own choice is. EN is the fallback;
 * a failed load is logged and EN still tried.
 */
export function initI18n(options: { defaultLanguage?: () => Promise<unknown> } = {}): Promise<void> {
  started = start(options);
  return started;
}

async function start(options: { defaultLanguage?: () => Promise<unknown> }): Promise<void> {
  const stored = storage.get(LOCALE_KEY);
  // Asked for at once, while the English messages load.
  const wanted = isLocale(stored)
    ? Promise.resolve(stored)
    : (options.defaultLanguage?.().catch(() => undefined) ?? Promise.resolve(undefined));
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    // Components re-render when a part of the messages arrives (see loadRest).
    react: { useSuspense: false, bindI18nStore: 'added' },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: loadRest,
  });
  countMoldovanAsRomanian();
  await loadLanguage('en');
  const pick = await wanted;
  const lng: Locale = isLocale(pick) ? pick : 'en';
  if (lng !== 'en' && (await loadLanguage(lng))) {
    await i18n.changeLanguage(lng);
  }
  document.documentElement.lang = htmlLang(i18n.language);
}

/**
 * Intl has no plural rules for `md` and would count in English ("3 de monede"); Moldovan counts as
 * Romanian (one / few / other), which is what the md messages are written for.
 */
function countMoldovanAsRomanian(): void {
  const resolver = i18n.services.pluralResolver as {
    getRule(code: string, options?: object): Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(code === 'md' ? 'ro-MD' : code, options);
}

export async function changeLanguage(lng: Locale): Promise<void> {
  if (!(await loadLanguage(lng))) return;
  storage.set(LOCALE_KEY, lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = htmlLang(lng);
}

function htmlLang(lng: string): string {
  return lng === 'md' ? 'ro-MD' : lng;
}

export { i18n };
