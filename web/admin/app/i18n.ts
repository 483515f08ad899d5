import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang, normalizeLang } from '../../../contract/lang.ts';

// The back office's texts, one lazy chunk per language: only the chosen one is downloaded.
const catalogs = import.meta.glob<{ default: ResourceKey }>('../../locales/*/admin*.json');

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no catalog ${language}/${namespace}`), null);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

const LANG_KEY = 'admin-lang';

/** The staff member's language: the last one chosen on this device, else ru. */
export function storedLang(): Lang {
  try {
    return normalizeLang(localStorage.getItem(LANG_KEY));
  } catch {
    return normalizeLang(undefined);
  }
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export async function initAdminI18n(lang: Lang) {
  const instance = i18next.createInstance();
  await instance
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGS],
      // The menu's labels come from every feature's catalog, so those load with the shell.
      ns: ['admin', 'admin-orders', 'admin-reports'],
      defaultNS: 'admin',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return instance;
}
