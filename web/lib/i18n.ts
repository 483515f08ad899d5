import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '../../contract/lang.ts';
import { mapPluralRulesToBcp47 } from './plural-rules.ts';
import ruCommon from '../locales/ru/common.json' with { type: 'json' };
import ruErrors from '../locales/ru/errors.json' with { type: 'json' };
import ruShell from '../locales/ru/shell.json' with { type: 'json' };

/** The namespaces the shell needs on every page; screens load their own on first use. */
export const SHELL_NAMESPACES = ['common', 'shell', 'errors'] as const;

// One lazy chunk per language and namespace, so a visitor downloads only what a page shows. The
// back office's and the door's catalogs belong to their own apps (web/admin, web/checkin): left
// out, so the storefront's boot code does not carry an import for each of them.
const catalogs = import.meta.glob<{ default: ResourceKey }>([
  '../locales/*/*.json',
  '!../locales/*/admin*.json',
  '!../locales/*/checkin.json',
]);

/**
 * Starts downloading a catalog before i18next asks for it (a screen's texts at boot, beside its
 * code); the backend's later import of the same module then resolves from the module cache.
 * The Russian shell catalogs are bundled and need nothing.
 */
export function preloadCatalog(language: Lang, namespace: string) {
  if (language === DEFAULT_LANG && (SHELL_NAMESPACES as readonly string[]).includes(namespace)) return;
  void catalogs[`../locales/${language}/${namespace}.json`]?.().catch(() => {});
}

/** Reads web/locales/<lang>/<namespace>.json through a dynamic import. */
const lazyCatalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no catalog ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/** Distinct texts kept before the cache starts again (counts and names make new ones). */
const TRANSLATION_CACHE_SIZE = 2000;

/**
 * The cache key of a t() call: its key and options, when every option is a string, number,
 * boolean or a list of strings (lng, ns and the texts' values); undefined (not cached) otherwise.
 */
function translationKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string' || (options !== undefined && (typeof options !== 'object' || options === null))) return undefined;
  let cacheKey = key;
  if (options) {
    for (const [name, value] of Object.entries(options)) {
      if (value === undefined) continue;
      const plain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      if (!plain && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) return undefined;
      cacheKey += `\u0000${name}\u0001${String(value)}`;
    }
  }
  return cacheKey;
}

/**
 * Remembers what t() answered for a key and its options until the language or the loaded texts
 * change. i18next works out every call afresh: it copies its options, parses the key,
 * looks through the languages, picks the plural form and interpolates, and the listing's cards
 * call it a few hundred times in the first render, a sixth of that render on a phone.
 */
function cacheTranslations(instance: I18n) {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const answers = new Map<string, unknown>();
  const forget = () => answers.clear();
  instance.on('languageChanged', forget);
  instance.on('loaded', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  const cached = (...args: unknown[]) => {
    const cacheKey = args.length <= 2 ? translationKey(args[0], args[1]) : undefined;
    if (cacheKey === undefined) return translate(...args);
    if (answers.has(cacheKey)) return answers.get(cacheKey);
    const answer = translate(...args);
    if (answers.size >= TRANSLATION_CACHE_SIZE) answers.clear();
    answers.set(cacheKey, answer);
    return answer;
  };
  instance.t = cached as unknown as I18n['t'];
}

/**
 * Starts i18next in the given language and resolves once the shell's namespaces are there,
 * so the first render shows text, never keys.
 */
export async function initI18n(lang: Lang, instance: I18n = i18next): Promise<I18n> {
  if (!instance.isInitialized) {
    await instance
      .use(lazyCatalogBackend)
      .use(initReactI18next)
      .init({
        lng: lang,
        supportedLngs: [...LANGS],
        // English fills a gap in kz/ch; Russian is the spec's own text and complete, so a
        // Russian page does not download the English catalogs beside its own.
        fallbackLng: { ru: [], default: ['en'] },
        // Only the four codes above; 'kz' must not be split into a region-less guess.
        load: 'currentOnly',
        ns: [...SHELL_NAMESPACES],
        defaultNS: 'common',
        // Russian shell texts ship with the app so the default language paints without a request.
        resources: { [DEFAULT_LANG]: { common: ruCommon, shell: ruShell, errors: ruErrors } },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false }, // React escapes
      });
    mapPluralRulesToBcp47(instance);
    instance.services.pluralResolver.clearCache();
    cacheTranslations(instance);
  }
  if (instance.language !== lang) await instance.changeLanguage(lang);
  await instance.loadNamespaces([...SHELL_NAMESPACES]);
  return instance;
}

export { i18next as i18n };
