import type { Plugin, PluginConfigField, PluginPermission, PluginTranslations } from '@hostdeck/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Texts = NonNullable<PluginTranslations[keyof PluginTranslations]>;
type FieldTexts = NonNullable<Texts['config']>[string];

/** A plugin's texts in one language; English (the manifest's own) is the empty set. */
const textsIn = (translations: PluginTranslations, language: string): Texts =>
  translations[language as keyof PluginTranslations] ?? {};

function localizeField(field: PluginConfigField, texts: FieldTexts | undefined): PluginConfigField {
  if (!texts) return field;
  const out = { ...field, label: texts.label ?? field.label, description: texts.description ?? field.description };
  if ('pattern' in out && texts.patternMessage) return { ...out, patternMessage: texts.patternMessage };
  if (out.type !== 'select') return out;
  return { ...out, options: out.options.map((o) => ({ ...o, label: texts.options?.[o.value] ?? o.label })) };
}

/**
 * A plugin as the API sends it, with its manifest's texts (name, description, permission
 * descriptions, and for its page the fields' labels, descriptions and options) in the language
 * given, English wherever the manifest has no translation.
 */
export function localizePlugin<P extends Plugin & { config?: PluginConfigField[] }>(plugin: P, language: string): P {
  const texts = textsIn(plugin.translations, language);
  return {
    ...plugin,
    name: texts.name ?? plugin.name,
    description: texts.description ?? plugin.description,
    permissions: plugin.permissions.map((p) => ({ ...p, description: texts.permissions?.[p.key] ?? p.description })),
    ...(plugin.config ? { config: plugin.config.map((f) => localizeField(f, texts.config?.[f.key])) } : {}),
  };
}

/** A plugin's permission for the role editor, its description and plugin name in the language given. */
export function localizePluginPermission(p: PluginPermission, language: string): PluginPermission {
  const texts = textsIn(p.translations, language);
  return { ...p, plugin_name: texts.name ?? p.plugin_name, description: texts.permissions?.[p.key] ?? p.description };
}

/**
 * A query `select` putting each answer's plugin texts into the viewer's language: it changes with the
 * language, so React Query translates the cached answer again when the language is switched.
 */
export function usePluginLanguage<T>(localize: (answer: T, language: string) => T): (answer: T) => T {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((answer: T) => localize(answer, language), [localize, language]);
}
