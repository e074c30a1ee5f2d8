import { z } from 'zod';

// The events and slots are the SDK's (the one list plugin authors see).
export { type PluginEventName, type PluginSlotName, pluginEvents, pluginSlots } from '@hostdeck/plugin-sdk';

/**
 * Plugins (issue #18): the manifest every plugin carries (`hostdeck-plugin.json` in its folder, or
 * the `hostdeck` field of an npm package named hostdeck-plugin-*), and the admin API's shapes.
 * The manifest is checked with this schema before anything of the plugin is loaded.
 */

export const PLUGIN_IDENTIFIER = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;
/** A plugin's permissions are named plugin.<identifier>.<name>. */
export const PLUGIN_PERMISSION = /^plugin\.[a-z][a-z0-9-]{1,38}[a-z0-9]\.[a-z][a-z0-9_.]{0,59}$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const CONFIG_KEY = /^[a-z][a-zA-Z0-9_]{0,39}$/;
/** A file of the plugin, relative to its folder, without a way out of it. */
const entryFile = (ext: RegExp) =>
  z
    .string()
    .max(200)
    .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[\w./-]+$/, 'A path inside the plugin folder')
    .regex(ext, 'Wrong file type');

const fieldBase = {
  key: z.string().regex(CONFIG_KEY, 'Letters, digits and _; starts with a lowercase letter'),
  label: z.string().min(1).max(80),
  description: z.string().max(300).optional(),
  required: z.boolean().default(false),
};
/** A text value must match `pattern` (a JavaScript regular expression, `u` flag) when not empty; `patternMessage` says what is expected. */
const textPattern = {
  pattern: z
    .string()
    .max(500)
    .refine(
      (p) => {
        try {
          new RegExp(p, 'u');
          return true;
        } catch {
          return false;
        }
      },
      { message: 'Not a valid regular expression' },
    )
    .optional(),
  patternMessage: z.string().min(1).max(200).optional(),
};
export const PluginConfigFieldSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        ...fieldBase,
        type: z.enum(['string', 'text', 'url']),
        default: z.string().max(10_000).optional(),
        maxLength: z.number().int().min(1).max(10_000).default(500),
        ...textPattern,
      })
      .strict(),
    /** Write-only: never sent back by the API, only whether it is set. */
    z
      .object({
        ...fieldBase,
        type: z.literal('secret'),
        maxLength: z.number().int().min(1).max(10_000).default(500),
        ...textPattern,
      })
      .strict(),
    z
      .object({
        ...fieldBase,
        type: z.literal('number'),
        default: z.number().optional(),
        min: z.number().optional(),
        max: z.number().optional(),
        integer: z.boolean().default(false),
      })
      .strict(),
    z.object({ ...fieldBase, type: z.literal('boolean'), default: z.boolean().optional() }).strict(),
    z
      .object({
        ...fieldBase,
        type: z.literal('select'),
        options: z
          .array(z.object({ value: z.string().min(1).max(100), label: z.string().min(1).max(100) }).strict())
          .min(1)
          .max(50),
        default: z.string().optional(),
        /** Several values may be chosen (the value is then a list). */
        multiple: z.boolean().default(false),
      })
      .strict(),
  ])
  .meta({ id: 'PluginConfigField' });
export type PluginConfigField = z.infer<typeof PluginConfigFieldSchema>;

/** The panel's languages other than English (the manifest's own texts are the English ones). */
const translatedLanguages = ['ro', 'fr', 'de', 'es', 'md'] as const;
/**
 * The manifest's texts in another language, each optional (English stands in for what is missing):
 * the name and description, permission descriptions by key, field labels, descriptions and option
 * labels by field key and value.
 */
const PluginTextsSchema = z
  .object({
    name: z.string().min(1).max(60).optional(),
    description: z.string().max(300).optional(),
    permissions: z.record(z.string(), z.string().min(1).max(200)).optional(),
    config: z
      .record(
        z.string(),
        z
          .object({
            label: z.string().min(1).max(80).optional(),
            description: z.string().max(300).optional(),
            patternMessage: z.string().min(1).max(200).optional(),
            options: z.record(z.string(), z.string().min(1).max(100)).optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
export const PluginTranslationsSchema = z.partialRecord(z.enum(translatedLanguages), PluginTextsSchema);
export type PluginTranslations = z.infer<typeof PluginTranslationsSchema>;

export const PluginManifestSchema = z
  .object({
    identifier: z.string().regex(PLUGIN_IDENTIFIER, 'Lowercase letters, digits and -, 3 to 40 characters'),
    name: z.string().min(1).max(60),
    version: z.string().regex(SEMVER, 'A semantic version such as 1.2.0'),
    description: z.string().max(300).default(''),
    author: z.string().max(100).default(''),
    homepage: z.url({ protocol: /^https?$/ }).optional(),
    /** The Hostdeck versions it supports, as a semver range (e.g. ">=0.1 <1"). */
    hostdeck: z.string().min(1).max(100),
    permissions: z
      .array(
        z
          .object({
            key: z.string().regex(PLUGIN_PERMISSION, 'Named plugin.<identifier>.<name>'),
            description: z.string().min(1).max(200),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    config: z.array(PluginConfigFieldSchema).max(50).default([]),
    /** The server entry: an ES module whose default export is definePlugin({...}). */
    server: entryFile(/\.m?js$/).optional(),
    /** The client entry: an ES module whose default export is install(api), loaded before the app mounts. */
    client: entryFile(/\.m?js$/).optional(),
    /** Styles for its client components, scoped to them. */
    style: entryFile(/\.css$/).optional(),
    /** The texts above in the panel's other languages (staff see their own). */
    translations: PluginTranslationsSchema.default({}),
  })
  .strict()
  .superRefine((m, ctx) => {
    const keys = new Set<string>();
    m.config.forEach((f, i) => {
      if (keys.has(f.key)) ctx.addIssue({ code: 'custom', path: ['config', i, 'key'], message: 'Used twice' });
      keys.add(f.key);
    });
    // A translation names what the manifest has: a typo would otherwise leave the English text silently.
    const fields = new Map(m.config.map((f) => [f.key, f.type === 'select' ? f.options.map((o) => o.value) : []]));
    const permissionKeys = new Set(m.permissions.map((p) => p.key));
    for (const [language, texts] of Object.entries(m.translations)) {
      for (const key of Object.keys(texts?.permissions ?? {}))
        if (!permissionKeys.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['translations', language, 'permissions', key],
            message: 'No such permission',
          });
      for (const [key, field] of Object.entries(texts?.config ?? {})) {
        const values = fields.get(key);
        if (!values) {
          ctx.addIssue({ code: 'custom', path: ['translations', language, 'config', key], message: 'No such field' });
          continue;
        }
        for (const value of Object.keys(field.options ?? {}))
          if (!values.includes(value))
            ctx.addIssue({
              code: 'custom',
              path: ['translations', language, 'config', key, 'options', value],
              message: 'No such option',
            });
      }
    }
    m.permissions.forEach((p, i) => {
      if (!p.key.startsWith(`plugin.${m.identifier}.`))
        ctx.addIssue({
          code: 'custom',
          path: ['permissions', i, 'key'],
          message: `Must start with plugin.${m.identifier}.`,
        });
    });
  })
  .meta({ id: 'PluginManifest' });
export type PluginManifest = z.infer<typeof PluginManifestSchema>;

export const pluginStatuses = ['enabled', 'disabled', 'failed', 'invalid', 'incompatible'] as const;

export const PluginSchema = z
  .object({
    identifier: z.string(),
    name: z.string(),
    version: z.string().nullable(),
    description: z.string(),
    author: z.string(),
    homepage: z.string().nullable(),
    /** bundled: shipped in plugins/; data: DATA_DIR/plugins; npm: an installed hostdeck-plugin-* package. */
    source: z.enum(['bundled', 'data', 'npm']),
    /**
     * enabled and running; disabled by staff; failed: switched off after repeated hook failures or a
     * load error (see error); invalid: its manifest was refused; incompatible: not for this version.
     */
    status: z.enum(pluginStatuses),
    enabled: z.boolean(),
    /** Why it is invalid, incompatible or failed; null otherwise. */
    error: z.string().nullable(),
    failures: z.object({
      total: z.number().int(),
      consecutive: z.number().int(),
      last_error: z.string().nullable(),
      last_at: z.iso.datetime({ offset: true }).nullable(),
    }),
    hooks: z.array(z.string()),
    routes: z.array(z.object({ method: z.string(), path: z.string(), access: z.string() })),
    jobs: z.array(z.object({ name: z.string(), every_seconds: z.number().int() })),
    permissions: z.array(z.object({ key: z.string(), description: z.string() })),
    /** The manifest's texts in the other languages; the client shows the viewer's. */
    translations: PluginTranslationsSchema,
    has_client: z.boolean(),
    config_fields: z.number().int(),
    updated_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Plugin' });
export type Plugin = z.infer<typeof PluginSchema>;

export const PluginListSchema = z
  .object({ success: z.literal(true), data: z.array(PluginSchema) })
  .meta({ id: 'PluginList' });

export const PluginConfigValuesSchema = z.record(z.string(), z.unknown());
export const PluginDetailSchema = z
  .object({
    success: z.literal(true),
    data: PluginSchema.extend({
      config: z.array(PluginConfigFieldSchema),
      /** Current values; a secret is never sent: its key is in secrets_set when it has a value. */
      values: PluginConfigValuesSchema,
      secrets_set: z.array(z.string()),
    }),
  })
  .meta({ id: 'PluginDetail' });
export type PluginDetail = z.infer<typeof PluginDetailSchema>['data'];

/** A secret left out (or null) keeps its value; an empty string clears it. */
export const PluginConfigBodySchema = z.object({ values: PluginConfigValuesSchema }).meta({ id: 'PluginConfigBody' });
export const PluginIdentifierParamsSchema = z.object({ identifier: z.string().regex(PLUGIN_IDENTIFIER) });

/** What the browser installs before the app mounts (public: no secrets, enabled plugins only). */
export const PluginClientListSchema = z
  .object({
    success: z.literal(true),
    data: z.array(
      z.object({
        identifier: z.string(),
        version: z.string(),
        script: z.string().nullable(),
        style: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'PluginClientList' });
export type PluginClientEntry = z.infer<typeof PluginClientListSchema>['data'][number];

/** The permissions installed plugins add, for the role editor. */
export const PluginPermissionListSchema = z
  .object({
    success: z.literal(true),
    data: z.array(
      z.object({
        key: z.string(),
        description: z.string(),
        plugin: z.string(),
        plugin_name: z.string(),
        /** The plugin's texts in the other languages (its name, this permission's description among them). */
        translations: PluginTranslationsSchema,
      }),
    ),
  })
  .meta({ id: 'PluginPermissionList' });
export type PluginPermission = z.infer<typeof PluginPermissionListSchema>['data'][number];
