import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, normalizeLang, toBcp47 } from '../../../contract/lang.ts';
import { rememberLang } from './i18n.ts';

/** Each language named in itself, so anyone finds their own whatever the page's language. */
const OWN_NAMES = { ru: 'Русский', en: 'English', kz: 'Қазақша', ch: '中文' } as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  return (
    <div className="admin-lang">
      <label htmlFor={id}>{t('shell.language')}</label>
      <select
        id={id}
        value={normalizeLang(i18n.language)}
        onChange={(event) => {
          const lang = normalizeLang(event.currentTarget.value);
          rememberLang(lang);
          document.documentElement.lang = toBcp47(lang);
          void i18n.changeLanguage(lang);
        }}
      >
        {LANGS.map((lang) => (
          <option key={lang} value={lang} lang={toBcp47(lang)}>
            {OWN_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
