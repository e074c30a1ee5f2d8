import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCodes, locales, permissionCatalogue, settingsCatalogue } from '@hostdeck/contracts';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname);
const load = (lng: string) =>
  JSON.parse(readFileSync(join(dir, lng, `${lng}.json`), 'utf8')) as Record<string, unknown>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const base = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, '')));
const en = flatten(load('en'));

describe('translations', () => {
  it('ship exactly the six languages, one folder each', () => {
    expect(
      readdirSync(dir)
        .filter((d) => !d.includes('.'))
        .sort(),
    ).toEqual([...locales].sort());
  });

  it('English has every error code and every setting label', () => {
    for (const code of errorCodes) expect(en, code).toHaveProperty([`errors.${code}`]);
    for (const d of settingsCatalogue) expect(en, d.key).toHaveProperty([`settings.keys.${d.key}`]);
    for (const p of permissionCatalogue) {
      expect(en, p.value).toHaveProperty([
        p.noun ? `permissions.nouns.${p.noun}` : `permissions.special.${p.constant}`,
      ]);
      if (p.verb) expect(en, p.value).toHaveProperty([`permissions.verbs.${p.verb}`]);
      expect(en, p.category).toHaveProperty([`permissionCategories.${p.category.replace(/ /g, '_')}`]);
    }
  });

  for (const lng of locales.filter((l) => l !== 'en')) {
    it(`${lng}: has every key of English and no other, with its plural forms and placeholders`, () => {
      const messages = flatten(load(lng));
      const missing = [...base(Object.keys(en))].filter((k) => !base(Object.keys(messages)).has(k));
      const extra = [...base(Object.keys(messages))].filter((k) => !base(Object.keys(en)).has(k));
      expect(missing, `missing in ${lng}`).toEqual([]);
      expect(extra, `unknown in ${lng}`).toEqual([]);
      const categories = new Intl.PluralRules(lng === 'md' ? 'ro' : lng).resolvedOptions().pluralCategories;
      for (const key of Object.keys(en).filter((k) => PLURAL.test(k))) {
        for (const c of categories) expect(messages, `${lng} ${key}`).toHaveProperty([key.replace(PLURAL, `_${c}`)]);
      }
      for (const [key, text] of Object.entries(en)) {
        const translated = messages[key] ?? messages[key.replace(PLURAL, '_other')];
        for (const p of text.match(/\{\{\w+\}\}/g) ?? []) expect(translated, `${lng} ${key}`).toContain(p);
        if (text.length > 12 && !/^[A-Z0-9_ ./-]+$/.test(text))
          expect(translated, `${lng} ${key} is not translated`).toBeTruthy();
      }
    });
  }

  it('Moldovan is its own file, not a copy of Romanian', () => {
    expect(JSON.stringify(load('md'))).not.toBe(JSON.stringify(load('ro')));
  });
});
