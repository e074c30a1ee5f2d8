// `locales/fr/fr.json?part=core` → a module of the sections of fr.json that belong to the core part
// (see src/locales/parts.ts). The translation files stay one file per language; only the build cuts them.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { messageParts, partOf } from '../src/locales/parts.ts';

const PART = new RegExp(`^(.*[\\\\/]locales[\\\\/](\\w+)[\\\\/]\\2\\.json)\\?part=(${messageParts.join('|')})$`);

export function localeParts(): Plugin {
  return {
    name: 'hostdeck:locale-parts',
    enforce: 'pre',
    load(id) {
      const match = id.match(PART);
      if (!match) return null;
      const [, file, , part] = match as [string, string, string, string];
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(Object.entries(all).filter(([section]) => partOf(section) === part));
      // A module of its own (JSON.parse of a string: quicker for the browser than an object literal).
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, moduleType: 'js' };
    },
  };
}
