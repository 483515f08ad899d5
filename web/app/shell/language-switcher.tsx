import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type Lang, toBcp47 } from '../../../contract/lang.ts';
import { useLang, useLangHref } from '../../lib/use-lang.ts';
import { useDropdown } from './use-dropdown.ts';

/**
 * Links to the current page in each language the setup allows. The URL's `lang` query drives
 * the language (see useLanguageFromUrl), so a link is all a switch needs and works without JS.
 */
export function LanguageSwitcher({ languages }: { languages: readonly Lang[] }) {
  const { t } = useTranslation('shell');
  const current = useLang();
  const hrefFor = useLangHref();
  const dropdown = useDropdown();
  const short = t(`languageShort.${current}`);
  return (
    <div className="dropdown" {...dropdown.rootProps}>
      <button
        className="dropdown__button"
        // The name starts with the text the button shows ('RU'), so a voice user can say it (WCAG 2.5.3).
        aria-label={t('language.button', { short, name: t(`languageNames.${current}`) })}
        {...dropdown.buttonProps}
      >
        <span aria-hidden="true">{short}</span>
        <span className="dropdown__chevron" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" {...dropdown.menuProps}>
        {languages.map((lang) => (
          <li key={lang}>
            <Link
              to={hrefFor(lang)}
              className="dropdown__item"
              lang={toBcp47(lang)}
              hrefLang={toBcp47(lang)}
              aria-current={lang === current ? 'true' : undefined}
              replace
              onClick={dropdown.choose}
            >
              {t(`languageNames.${lang}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
