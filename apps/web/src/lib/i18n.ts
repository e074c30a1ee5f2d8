import { type Locale, locales } from '@hostdeck/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { storage } from './storage.ts';

/** One lazy chunk per language (specification §7): Vite splits every file matched here. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
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

async function loadLanguage(lng: Locale): Promise<boolean> {
  if (i18n.hasResourceBundle(lng, 'translation')) return true;
  const loader = loaders[`../locales/${lng}/${lng}.json`];
  try {
    if (!loader) throw new Error(`no messages for ${lng}`);
    i18n.addResourceBundle(lng, 'translation', (await loader()).default, true, true);
    return true;
  } catch (err) {
    console.error(`Language messages for ${lng} failed to load`, err);
    return false;
  }
}

/**
 * Loads the stored language; a visitor without one gets `defaultLanguage` (the app passes the panel's
 * app_lang setting), else EN. It is not stored: only the visitor's own choice is. EN is the fallback;
 * a failed load is logged and EN still tried.
 */
export async function initI18n(options: { defaultLanguage?: () => Promise<unknown> } = {}): Promise<void> {
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
    react: { useSuspense: false },
    returnNull: false,
  });
  countMoldovanAsRomanian();
  await loadLanguage('en');
  const pick = await wanted;
  const lng: Locale = isLocale(pick) ? pick : 'en';
  if (lng !== 'en' && (await loadLanguage(lng))) {
    await i18n.changeLanguage(lng);
    await applyZodLocale(lng);
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
  await applyZodLocale(lng);
  document.documentElement.lang = htmlLang(lng);
}

/** Zod's own messages in the same language (Moldovan uses Romanian); one small chunk each. */
const zodLocales: Record<Locale, () => Promise<{ default: () => Parameters<typeof z.config>[0] }>> = {
  en: () => import('zod/v4/locales/en.js'),
  ro: () => import('zod/v4/locales/ro.js'),
  md: () => import('zod/v4/locales/ro.js'),
  fr: () => import('zod/v4/locales/fr.js'),
  de: () => import('zod/v4/locales/de.js'),
  es: () => import('zod/v4/locales/es.js'),
};
async function applyZodLocale(lng: Locale): Promise<void> {
  try {
    z.config((await zodLocales[lng]()).default());
  } catch (err) {
    console.error(`Validation messages for ${lng} failed to load`, err);
  }
}

function htmlLang(lng: string): string {
  return lng === 'md' ? 'ro-MD' : lng;
}

export { i18n };
