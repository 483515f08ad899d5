import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AFISHA } from '../../../../contract/afisha-constants.ts';
import { formatPrice } from '../../../../contract/format-price.ts';
import { afishaCardSizes } from '../../../../contract/media.ts';
import type { AfishaEvent, CalendarEntry, TagEntry, VenueEntry } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { Setup } from '../../../../contract/setup.ts';
import type { Paths } from '../../../app/paths.ts';
import { ResponsiveImage } from '../../../components/responsive-image/responsive-image.tsx';
import { SafeNodes, safeText, sanitizeHtml } from '../../../lib/safe-html.tsx';
import { cardPrice } from '../model/card-price.ts';
import { dateRange, sessionTimes } from '../model/listing.ts';
import { formatDayRange } from '../model/format.ts';
import { BuyButton } from './buy-button.tsx';
import { ClockIcon, PinIcon } from './icons.tsx';
import { MiniCalendar } from './mini-calendar.tsx';

/** What a card shows, from the setup's tickets_* or subscription_* flags. */
export type CardFlags = { image: boolean; description: boolean; action: boolean; address: boolean; cols: number };

export function cardFlags(setup: Setup, subscription: boolean): CardFlags {
  return subscription
    ? {
        image: setup.subscription_image === 1,
        description: setup.subscription_description === 1,
        action: setup.subscription_action === 1,
        address: setup.subscription_address === 1,
        cols: setup.subscription_col,
      }
    : {
        image: setup.tickets_image === 1,
        description: setup.tickets_description === 1,
        action: setup.tickets_action === 1,
        address: setup.tickets_address === 1,
        cols: setup.tickets_col,
      };
}

/** Descriptions longer than this get the more/close toggle. */
const LONG_DESCRIPTION = 160;

type Props = {
  event: AfishaEvent;
  days: CalendarEntry[];
  tags: TagEntry[];
  venue: VenueEntry | undefined;
  flags: CardFlags;
  showTags: boolean;
  allowedTags: Set<string>;
  setup: Setup;
  paths: Paths;
  lang: Lang;
  /** h2 under the page's h1; h3 when the card sits under a sub-menu heading (h2). */
  headingLevel: 2 | 3;
  /** Keyboard focus lands here after "load more". */
  focusRef?: ((element: HTMLElement | null) => void) | undefined;
  /** One of the first cards, in view on arrival: its image is the page's largest paint, so it loads at once. */
  eager?: boolean | undefined;
};

export function EventCard({
  event,
  days,
  tags,
  venue,
  flags,
  showTags,
  allowedTags,
  setup,
  paths,
  lang,
  headingLevel,
  focusRef,
  eager,
}: Props) {
  const { t } = useTranslation('afisha');
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const descriptionId = useId();
  const [expanded, setExpanded] = useState(false);
  const name = pickLocalized(event.name, lang);
  const description = useMemo(() => sanitizeHtml(pickLocalized(event.descript, lang), allowedTags), [event.descript, lang, allowedTags]);
  const isLong = safeText(description).length > LONG_DESCRIPTION;
  const link = (date?: string, time?: string) =>
    event.useseatsvg === 1 ? paths.scheme(event.hash, date, time) : paths.event(event.hash, date, time);
  const range = dateRange(days);
  const times = sessionTimes(days);
  const infoUrl = pickLocalized(event.descript_url, lang);
  const image = pickLocalized(event.image_url, lang);
  const address = venue ? pickLocalized(venue.address, lang) : '';
  // A tag that says what the Pushkin-card badge says ('Пушкинская карта') is not said twice.
  const badge = event.usepushkarta === 1 ? t('pushkinCard').toLocaleLowerCase(lang) : undefined;
  const cardTags = badge ? tags.filter((tag) => pickLocalized(tag.attrname, lang).trim().toLocaleLowerCase(lang) !== badge) : tags;
  const left =
    event.showticketcount === 1 && event.totalticketcount > 0 && event.totalticketcount < setup.const.price_limit
      ? event.totalticketcount
      : undefined;
  const price = cardPrice(event);
  const priceText =
    price === undefined
      ? ''
      : price.kind === 'free'
        ? t('priceFree')
        : price.kind === 'one'
          ? formatPrice(price.kopecks, setup.app.currency, lang)
          : t('priceFrom', { price: formatPrice(price.kopecks, setup.app.currency, lang) });
  const dayHref = (entry: CalendarEntry) => {
    const own = entry._time.filter((slot) => slot.eventtime !== AFISHA.noTime);
    return link(entry.eventday, own.length === 1 && entry._time.length === 1 ? own[0]?.eventtime : undefined);
  };

  return (
    <article className="afisha-card" aria-labelledby={titleId} ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
      {flags.image && (
        <div className="afisha-card__media">
          {image ? (
            <ResponsiveImage
              src={image}
              sizes={afishaCardSizes(flags.cols)}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              width={AFISHA.imageWidth}
              height={Math.round((AFISHA.imageWidth * 3) / 4)}
            />
          ) : (
            <span className="afisha-card__placeholder" aria-hidden="true" />
          )}
          <div className="afisha-card__badges">
            <span className="afisha-badge afisha-badge--age" aria-label={t('ageFrom', { age: event.age_from })}>
              {event.age_from}+
            </span>
            {event.usepushkarta === 1 && <span className="afisha-badge afisha-badge--pushkin">{t('pushkinCard')}</span>}
          </div>
        </div>
      )}
      <div className="afisha-card__body">
        {!flags.image && (
          <div className="afisha-card__badges afisha-card__badges--inline">
            <span className="afisha-badge afisha-badge--age" aria-label={t('ageFrom', { age: event.age_from })}>
              {event.age_from}+
            </span>
            {event.usepushkarta === 1 && <span className="afisha-badge afisha-badge--pushkin">{t('pushkinCard')}</span>}
          </div>
        )}
        {showTags && cardTags.length > 0 && (
          <ul className="afisha-card__tags chip-list" aria-label={t('tags')}>
            {cardTags.slice(0, AFISHA.cardTags).map((tag) => (
              <li key={tag.attr_id} className="afisha-card__tag">
                {pickLocalized(tag.attrname, lang)}
              </li>
            ))}
          </ul>
        )}
        <Title className="afisha-card__title" id={titleId}>
          {flags.action ? <Link to={link()}>{name}</Link> : name}
        </Title>
        {infoUrl && (
          <a className="afisha-card__info" href={infoUrl} target="_blank" rel="noopener noreferrer">
            {t('info')}
            <span className="visually-hidden"> {t('newTab')}</span>
          </a>
        )}
        {flags.description && description.length > 0 && (
          <div className="afisha-card__description">
            <div id={descriptionId} className={`afisha-card__text${isLong && !expanded ? ' afisha-card__text--clamped' : ''}`}>
              <SafeNodes nodes={description} />
            </div>
            {isLong && (
              <button
                type="button"
                className="afisha-link-button"
                aria-expanded={expanded}
                aria-controls={descriptionId}
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? t('close') : t('more')}
              </button>
            )}
          </div>
        )}
        <div className="afisha-card__facts">
          {range && (
            <MiniCalendar
              days={days}
              label={formatDayRange(range.first, range.last, lang)}
              lang={lang}
              dayHref={dayHref}
              eventName={name}
            />
          )}
          {times.length > 0 && (
            <p className="afisha-card__time">
              <span className="visually-hidden">{t('time')}: </span>
              <ClockIcon /> {times.slice(0, 6).join(', ')}
              {times.length > 6 ? '…' : ''}
            </p>
          )}
          {flags.address && address && (
            <p className="afisha-card__address">
              <PinIcon />{' '}
              {venue?.urlyandexmap ? (
                <a href={venue.urlyandexmap} target="_blank" rel="noopener noreferrer">
                  {address}
                  <span className="visually-hidden"> {t('onMap')}</span>
                </a>
              ) : (
                address
              )}
            </p>
          )}
        </div>
        <div className="afisha-card__footer">
          {priceText && <p className="afisha-card__price">{priceText}</p>}
          {left !== undefined && <p className="afisha-card__left">{t('ticketsLeft', { count: left })}</p>}
          <BuyButton event={event} href={link()} lang={lang} timeZone={setup.app.timezone} describedBy={titleId} />
        </div>
      </div>
    </article>
  );
}
