import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { CompositionEntry, NoSchemeAction } from '../../../../contract/event.ts';
import { EVENT_IMAGE, EVENT_IMAGE_SIZES } from '../../../../contract/media.ts';
import { ResponsiveImage } from '../../../components/responsive-image/responsive-image.tsx';
/** Descriptions longer than this start folded to a few lines, with a 'more' toggle. */
const LONG_ABOUT = 220;

function EventAbout({ text }: { text: string }) {
  const { t } = useTranslation('event');
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const long = text.length > LONG_ABOUT;
  return (
    <div className="event-header__about">
      <p id={id} className={long && !open ? 'event-header__about-text event-header__about-text--folded' : 'event-header__about-text'}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="event-header__about-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('about.less') : t('about.more')}
        </button>
      )}
    </div>
  );
}

export function EventHeader({ action, composition, lang }: { action: NoSchemeAction; composition: CompositionEntry[]; lang: Lang }) {
  const { t } = useTranslation('event');
  const note = pickLocalized(action.note, lang);
  const notice = pickLocalized(action.notice, lang);
  const location = pickLocalized(action.location, lang);
  const image = pickLocalized(action.image_url, lang);
  return (
    <header className="event-header">
      <div className={image ? 'event-header__intro event-header__intro--image' : 'event-header__intro'}>
        {/* A thumbnail beside the title, never the page's largest paint: the title and the
            description paint with the answer, and the picture's box is fixed before it loads. */}
        {image && (
          <ResponsiveImage
            className="event-header__image"
            src={image}
            sizes={EVENT_IMAGE_SIZES}
            alt=""
            width={EVENT_IMAGE.width}
            height={EVENT_IMAGE.height}
            decoding="async"
          />
        )}
        <div className="event-header__heading">
          <div className="event-header__title-row title-row">
            <h1 className="event-header__title">{pickLocalized(action.name, lang)}</h1>
            {action.age_from > 0 && (
              <span className="age-badge" aria-label={t('ageLabel', { age: action.age_from })}>
                {t('age', { age: action.age_from })}
              </span>
            )}
          </div>
          {location && <p className="event-header__location subline">{location}</p>}
          {note && <p className="event-header__note subline">{note}</p>}
        </div>
      </div>
      <EventAbout text={pickLocalized(action.descript_text, lang)} />
      {composition.length > 0 && (
        <details className="event-composition">
          <summary>{t('composition.title')}</summary>
          {/* Explicit roles keep the table's semantics when narrow screens lay its rows out as blocks. */}
          <table className="data-table event-composition__table" role="table">
            <thead role="rowgroup" className="visually-hidden-narrow">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('composition.action')}
                </th>
                <th scope="col" role="columnheader">
                  {t('composition.venue')}
                </th>
                <th scope="col" role="columnheader">
                  {t('composition.day')}
                </th>
                <th scope="col" role="columnheader">
                  {t('composition.time')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {composition.map((item, index) => (
                <tr key={index} role="row">
                  <td role="cell" data-label={t('composition.action')}>
                    {pickLocalized(item.action, lang)}
                  </td>
                  <td role="cell" data-label={t('composition.venue')}>
                    <span>
                      {pickLocalized(item.location, lang)}
                      {pickLocalized(item.address, lang) && (
                        <span className="event-composition__address">{pickLocalized(item.address, lang)}</span>
                      )}
                    </span>
                  </td>
                  <td role="cell" data-label={t('composition.day')}>
                    {item.day || '—'}
                  </td>
                  <td role="cell" data-label={t('composition.time')}>
                    {item.time || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {notice && (
        <p className="event-header__notice callout" role="note">
          {notice}
        </p>
      )}
    </header>
  );
}
