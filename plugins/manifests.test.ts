import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PluginManifestSchema } from '@hostdeck/contracts';
import { type PluginDefinition, pluginEvents, pluginSlots } from '@hostdeck/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { createClientTestApi, panelLanguages } from './client-test-api.ts';

// Every folder here is a bundled plugin: its manifest must pass the panel's own schema, the files it
// names must exist, and its entries must only use what the SDK offers.
const root = import.meta.dirname;
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'node_modules')
  .map((d) => d.name);

describe('bundled plugins', () => {
  it('include the three shipped ones', () => {
    expect(folders).toEqual(expect.arrayContaining(['daily-reward', 'discord-webhook', 'server-status']));
  });

  describe.each(folders)('%s', (folder) => {
    const dir = join(root, folder);
    const raw = JSON.parse(readFileSync(join(dir, 'hostdeck-plugin.json'), 'utf8'));
    const parsed = PluginManifestSchema.safeParse(raw);

    it('has a manifest the panel accepts, named after its folder', () => {
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data?.identifier).toBe(folder);
    });

    it('ships the files its manifest names', () => {
      for (const file of [parsed.data?.server, parsed.data?.client, parsed.data?.style]) {
        if (file) expect(existsSync(join(dir, file)), file).toBe(true);
      }
    });

    it('hooks only SDK events and gives every route an access rule', async () => {
      if (!parsed.data?.server) return;
      const plugin = (await import(join(dir, parsed.data.server))).default as PluginDefinition;
      for (const name of Object.keys(plugin.hooks ?? {})) expect(pluginEvents).toContain(name);
      for (const route of plugin.routes ?? []) {
        expect(route.access, `${route.method} ${route.path}`).toBeTruthy();
        expect(route.path).toMatch(/^\//);
      }
    });

    it("translates every text of its manifest into the panel's other five languages", () => {
      const m = parsed.data!;
      for (const language of panelLanguages.filter((l) => l !== 'en')) {
        const texts = m.translations[language as keyof typeof m.translations];
        const where = `${folder} ${language}`;
        expect(texts?.name, `${where} name`).toBeTruthy();
        if (m.description) expect(texts?.description, `${where} description`).toBeTruthy();
        for (const p of m.permissions) expect(texts?.permissions?.[p.key], `${where} ${p.key}`).toBeTruthy();
        for (const f of m.config) {
          expect(texts?.config?.[f.key]?.label, `${where} ${f.key} label`).toBeTruthy();
          if (f.description) expect(texts?.config?.[f.key]?.description, `${where} ${f.key} description`).toBeTruthy();
          if (f.type === 'select')
            for (const o of f.options)
              expect(texts?.config?.[f.key]?.options?.[o.value], `${where} ${f.key}=${o.value}`).toBeTruthy();
        }
      }
    });

    it('fills only SDK slots and brings messages in the six languages', async () => {
      if (!parsed.data?.client) return;
      const install = (await import(join(dir, parsed.data.client))).default;
      const t = createClientTestApi({ identifier: folder });
      await install(t.api);
      for (const s of t.slots) expect(pluginSlots).toContain(s.slot);
      expect(Object.keys(t.translations).sort()).toEqual([...panelLanguages].sort());
    });
  });
});

describe('manifest translations', () => {
  const base = {
    identifier: 'hello-world',
    name: 'Hello',
    version: '1.0.0',
    hostdeck: '>=0.1.0',
    permissions: [{ key: 'plugin.hello-world.view', description: 'See it' }],
    config: [{ key: 'mode', type: 'select', label: 'Mode', options: [{ value: 'a', label: 'A' }] }],
  };
  it('name only what the manifest has, so a typo is refused rather than left in English', () => {
    const ok = PluginManifestSchema.safeParse({
      ...base,
      translations: {
        fr: { permissions: { 'plugin.hello-world.view': 'Le voir' }, config: { mode: { options: { a: 'Un' } } } },
      },
    });
    expect(ok.error?.issues ?? []).toEqual([]);
    const bad = PluginManifestSchema.safeParse({
      ...base,
      translations: {
        fr: {
          permissions: { 'plugin.hello-world.veiw': 'x' },
          config: { mod: { label: 'x' }, mode: { options: { b: 'x' } } },
        },
        xx: { name: 'x' },
      },
    });
    const paths = (bad.error?.issues ?? []).map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(
      [
        'translations', // xx: not a language of the panel
        'translations.fr.config.mod',
        'translations.fr.config.mode.options.b',
        'translations.fr.permissions.plugin.hello-world.veiw',
      ].sort(),
    );
  });
});
