import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeSessionsResponse } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** The venue's description is HTML; the header shows its text only, never its markup. */
function plainText(html: string): string {
  if (!html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** Name, info link, age limit, description and the subscription's composition. */
export function SchemeHeader({ data }: { data: SchemeSessionsResponse }) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const { action, composition } = data;
  const description = useMemo(() => plainText(pickLocalized(action.descript, lang)), [action.descript, lang]);
  const infoUrl = pickLocalized(action.descript_url, lang);
  return (
    <header className="scheme-header">
      <div className="scheme-header__title title-row">
        <h1>{pickLocalized(action.name, lang)}</h1>
        {action.age_from > 0 && <span className="age-badge scheme-header__age">{t('age', { age: action.age_from })}</span>}
      </div>
      {(pickLocalized(action.location, lang) || pickLocalized(action.address, lang)) && (
        <p className="scheme-header__place subline">
          {[pickLocalized(action.location, lang), pickLocalized(action.address, lang)].filter(Boolean).join(', ')}
        </p>
      )}
      {description && <p className="scheme-header__description subline">{description}</p>}
      {infoUrl && (
        <a className="scheme-header__info" href={infoUrl} target="_blank" rel="noopener noreferrer">
          {t('info')}
        </a>
      )}
      {composition.length > 0 && (
        <details className="composition">
          <summary>{t('composition')}</summary>
          <ul>
            {composition.map((item, i) => (
              <li key={i}>
                <strong>{pickLocalized(item.action, lang)}</strong>
                <span>
                  {[pickLocalized(item.location, lang), pickLocalized(item.address, lang), item.day, item.time].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </header>
  );
}
