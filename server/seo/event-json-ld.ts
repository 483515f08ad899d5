import { type Lang, pickLocalized } from '../../contract/common.ts';
import { htmlToText, truncateText } from './html-head.ts';
import type { SeoEventRow, SeoPriceRow, SeoSessionRow } from './seo.repository.ts';

/** Everything an Event description needs besides the catalog rows. */
export type JsonLdContext = {
  lang: Lang;
  now: Date;
  timezone: string;
  currency: string;
  /** The event page's absolute URL in the visitor's language. */
  eventUrl: (event: SeoEventRow) => string;
  absoluteUrl: (url: string) => string | undefined;
  organizer: { name: string; url: string };
};

const SCHEMA = 'https://schema.org/';

/** 'YYYY-MM-DDTHH:mm:ss+03:00' in the venue's time zone, or only the date for a whole-day session. */
export function isoInZone(date: Date, timeZone: string, withTime: boolean): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (!withTime) return day;
  // 'GMT+03:00', or plain 'GMT' for UTC itself.
  const offset = get('timeZoneName').replace('GMT', '') || '+00:00';
  return `${day}T${get('hour')}:${get('minute')}:${get('second')}${offset}`;
}

function availability(event: SeoEventRow, session: SeoSessionRow, now: Date): string {
  if (event.saleStartsAt && event.saleStartsAt > now) return `${SCHEMA}PreOrder`;
  return session.remaining > 0 ? `${SCHEMA}InStock` : `${SCHEMA}SoldOut`;
}

/** One Offer per ticket category valid for the session (same name and price listed once). */
function offersFor(event: SeoEventRow, session: SeoSessionRow, prices: readonly SeoPriceRow[], ctx: JsonLdContext) {
  const common = {
    '@type': 'Offer',
    priceCurrency: ctx.currency,
    availability: availability(event, session, ctx.now),
    url: ctx.eventUrl(event),
    ...(event.saleStartsAt ? { validFrom: event.saleStartsAt.toISOString() } : {}),
  };
  const seen = new Set<string>();
  const offers = [];
  for (const price of prices) {
    if (price.eventId !== event.id || (price.sessionId !== null && price.sessionId !== session.id)) continue;
    const name = pickLocalized(price.categoryName, ctx.lang);
    const key = `${name}\u0000${price.amount}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Kopecks to roubles exactly: amounts are integers, so /100 has at most two decimals.
    offers.push({ ...common, name, price: price.amount / 100 });
  }
  if (offers.length === 0 && event.isFree) offers.push({ ...common, price: 0 });
  return offers;
}

/** The schema.org Event of one session of an event. */
export function eventJsonLd(
  event: SeoEventRow,
  session: SeoSessionRow,
  prices: readonly SeoPriceRow[],
  ctx: JsonLdContext,
): Record<string, unknown> {
  const name = pickLocalized(event.name, ctx.lang);
  const description = truncateText(htmlToText(pickLocalized(event.description, ctx.lang)), 500);
  const image = ctx.absoluteUrl(pickLocalized(event.imageUrl, ctx.lang));
  const address = pickLocalized(event.venueAddress, ctx.lang);
  const offers = offersFor(event, session, prices, ctx);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name,
    ...(description ? { description } : {}),
    url: ctx.eventUrl(event),
    ...(image ? { image: [image] } : {}),
    startDate: isoInZone(session.startsAt, ctx.timezone, session.hasTime),
    eventStatus: `${SCHEMA}EventScheduled`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: pickLocalized(event.venueName, ctx.lang) || address,
      address: { '@type': 'PostalAddress', streetAddress: address },
    },
    ...(offers.length > 0 ? { offers } : {}),
    ...(event.isFree ? { isAccessibleForFree: true } : {}),
    organizer: { '@type': 'Organization', name: ctx.organizer.name, url: ctx.organizer.url },
  };
}
