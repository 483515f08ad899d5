import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, toBcp47 } from '../../contract/lang.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function namespaces(lang: string): string[] {
  return readdirSync(`${dir}${lang}`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${prefix}: catalog values must be strings or objects`);
  }
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function catalogKeys(lang: string, namespace: string): string[] {
  return flatKeys(JSON.parse(readFileSync(`${dir}${lang}/${namespace}.json`, 'utf8')));
}

describe('locale catalogs', () => {
  const reference = namespaces('ru');

  it.each(LANGS)('%s has the same namespaces as ru', (lang) => {
    expect(namespaces(lang)).toEqual(reference);
  });

  // Plural keys differ by language (ru needs _few and _many, zh only _other), so compare the
  // keys without their plural suffix, then check each language has exactly its own forms.
  describe.each(reference)('namespace %s', (namespace) => {
    const baseKeys = (lang: string) => [...new Set(catalogKeys(lang, namespace).map((key) => key.replace(PLURAL, '')))].sort();

    it.each(LANGS)('%s has the same keys as ru', (lang) => {
      expect(baseKeys(lang)).toEqual(baseKeys('ru'));
    });

    it.each(LANGS)('%s has every plural form its language needs, and no other', (lang) => {
      const keys = catalogKeys(lang, namespace);
      const pluralBases = new Set(keys.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
      const categories = new Intl.PluralRules(toBcp47(lang)).resolvedOptions().pluralCategories;
      for (const base of pluralBases) {
        const forms = keys.filter((key) => key.replace(PLURAL, '') === base).map((key) => key.slice(base.length + 1));
        expect(forms.sort(), `${lang}/${namespace}: ${base}`).toEqual([...categories].sort());
      }
    });
  });
});
