import type { ClientPluginApi, PluginSlotName, PluginSlotProps } from '@hostdeck/plugin-sdk';
import { configure } from '@testing-library/react';
import i18next from 'i18next';
import * as React from 'react';

// findBy*/waitFor give up after this long: a ceiling for a loaded two-core machine, as in apps/web's
// setup, not an expectation; a passing wait ends as soon as its element shows.
configure({ asyncUtilTimeout: 20_000 });

/** The panel's languages: a client plugin should bring messages for each. */
export const panelLanguages = ['en', 'ro', 'md', 'fr', 'de', 'es'] as const;

/**
 * A stand-in for the api the panel hands a client entry, for the shipped plugins' client tests. The
 * messages go into an i18next instance set up like the panel's (apps/web/src/lib/i18n.ts and
 * plugin-installer.tsx: English fallback, the plugin's messages under plugins.<identifier>), slots are
 * recorded, and request goes to a stub. (It would sit well in @hostdeck/plugin-sdk/testing.)
 */
export function createClientTestApi(options: {
  identifier: string;
  language?: string;
  request?: (path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>;
}) {
  const slots: { slot: PluginSlotName; component: (props: PluginSlotProps) => unknown; order?: number }[] = [];
  const translations: Record<string, Record<string, unknown>> = {};
  const requests: { path: string; method: string }[] = [];
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: options.language ?? 'en',
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  const prefix = `plugins.${options.identifier}`;
  const api: ClientPluginApi = {
    identifier: options.identifier,
    React,
    registerSlot: (slot, component, o) => void slots.push({ slot, component, order: o?.order }),
    addTranslations: (lng, messages) => {
      translations[lng] = { ...translations[lng], ...messages };
      i18n.addResourceBundle(lng, 'translation', { plugins: { [options.identifier]: messages } }, true, true);
    },
    useT: () =>
      i18n.getFixedT(null, 'translation', prefix) as (key: string, values?: Record<string, unknown>) => string,
    request: async <T>(path: string, init?: { method?: string; body?: unknown }) => {
      requests.push({ path, method: init?.method ?? 'GET' });
      if (!options.request) throw new Error(`No request stub for ${path}`);
      return (await options.request(path, init)) as T;
    },
  };
  /** The component registered in a slot, ready for React.createElement. */
  const component = (slot: PluginSlotName) => {
    const found = slots.find((s) => s.slot === slot);
    if (!found) throw new Error(`Nothing registered in ${slot}`);
    return found.component as React.FC<PluginSlotProps>;
  };
  return { api, slots, translations, requests, component };
}

/** Every message key of a (nested) message object, as dotted paths. */
export function messageKeys(messages: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(messages)
    .flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? messageKeys(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

/** An error like the panel's ApiError (status, code), as api.request rejects with. */
export class TestApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}
