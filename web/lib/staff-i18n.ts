import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mapPluralRulesToBcp47 } from './plural-rules.ts';
import { LANGS, type Lang, normalizeLang } from '../../contract/lang.ts';

type Catalogs = Record<string, () => Promise<{ default: ResourceKey }>>;

/**
 * The texts of a staff app (the back office, the door's check-in page): one lazy chunk per
 * language and namespace, so only the chosen language is downloaded, and the language chosen last
 * on this device remembered under the app's own key. Each app passes its own `import.meta.glob`
 * (Vite needs it literal in the app's file) and how a language and namespace name its catalog.
 */
export function createStaffI18n(options: {
  catalogs: Catalogs;
  catalogOf: (language: string, namespace: string) => string;
  storageKey: string;
  namespaces: string[];
}) {
  const backend: BackendModule = {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language, namespace, callback) {
      const load = options.catalogs[options.catalogOf(language, namespace)];
      if (!load) return callback(new Error(`no catalog ${language}/${namespace}`), null);
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : String(error), null),
      );
    },
  };

  /** The language chosen last on this device, else ru. */
  function storedLang(): Lang {
    try {
      return normalizeLang(localStorage.getItem(options.storageKey));
    } catch {
      return normalizeLang(undefined);
    }
  }

  function rememberLang(lang: Lang) {
    try {
      localStorage.setItem(options.storageKey, lang);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }

  async function init(lang: Lang) {
    const instance = i18next.createInstance();
    await instance
      .use(backend)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: false,
        supportedLngs: [...LANGS],
        ns: options.namespaces,
        defaultNS: options.namespaces[0],
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
    mapPluralRulesToBcp47(instance);
    return instance;
  }

  return { storedLang, rememberLang, init };
}
