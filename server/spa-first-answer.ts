import { eventOrder, sortKinds } from '../contract/afisha-order.ts';
import { type Lang, pickLocalized } from '../contract/lang.ts';
import { afishaCardSizes, mediaSrcSet, parseMediaUrl } from '../contract/media.ts';
import { routePatterns } from '../contract/routes.ts';
import type { AfishaService } from './afisha/afisha.service.ts';

/** The element's id; web/features/afisha/api/afisha-query.ts reads it. */
export const AFISHA_ANSWER_ID = 'afisha-answer';

/**
 * The listing's first answer inside the page's HTML (Lighthouse on `/`): the server
 * knows GET /api/afisha when it sends `/`, so the page carries it as
 * `<script type="application/json" id="afisha-answer">` (compressed with the HTML: ~6 kB instead
 * of a separate 40 kB request) and the app reads it at boot instead of fetching it.
 *
 * Beside the answer go the venue's UTC offsets at the sale starts it names (`saleOffsets`,
 * minutes by ISO instant): the listing writes '25 ноября 2026 г. в 10:00' with them instead of
 * building an Intl.DateTimeFormat for the venue's time zone, whose first construction is a long
 * task on a phone (web/features/afisha/model/format.ts).
 */
export type FirstAnswer = (pathname: string, lang: Lang) => Promise<FirstAnswerHtml>;

/** `head`: a preload of the first card's image (the page's largest paint); `body`: the answer's element. */
export type FirstAnswerHtml = { head: string; body: string };

const NONE: FirstAnswerHtml = { head: '', body: '' };

/**
 * The afisha service rebuilds its answer every few seconds (stock moves); the page does not wait
 * for a rebuild while the element it made last is younger than this: it goes out as it is and the
 * next page gets the fresh one. As long as the API's own rebuild period, so the page is never
 * staler than GET /api/afisha would be (stock counts, a sale that has just opened).
 */
const SERVE_STALE_MS = 5_000;

export function createFirstAnswer(afisha: AfishaService, now: () => number = Date.now): FirstAnswer {
  // One entry per language, rebuilt when the answer changes (its ETag).
  const built = new Map<Lang, { etag: string; html: FirstAnswerHtml; at: number }>();
  const refreshing = new Map<Lang, Promise<FirstAnswerHtml>>();

  const refresh = (lang: Lang): Promise<FirstAnswerHtml> => {
    let running = refreshing.get(lang);
    if (!running) {
      running = afisha
        .get(lang)
        .then((answer) => {
          const known = built.get(lang);
          const html =
            known?.etag === answer.etag ? known.html : { head: firstImagePreload(answer.body, lang), body: elementOf(answer, lang) };
          built.set(lang, { etag: answer.etag, html, at: now() });
          return html;
        })
        .catch(() => NONE) // the app fetches the listing itself, and shows the error it gets then
        .finally(() => refreshing.delete(lang));
      refreshing.set(lang, running);
    }
    return running;
  };

  return async (pathname, lang) => {
    if (!routePatterns.afisha.test(pathname)) return NONE;
    const known = built.get(lang);
    if (known && now() - known.at < SERVE_STALE_MS) {
      void refresh(lang);
      return known.html;
    }
    return refresh(lang);
  };
}

function elementOf(answer: Awaited<ReturnType<AfishaService['get']>>, lang: Lang): string {
  const timeZone = answer.body.setup.app.timezone;
  const saleOffsets: Record<string, number> = {};
  for (const event of answer.body.action) {
    if (event.saledate && saleOffsets[event.saledate] === undefined) {
      const offset = utcOffsetMinutes(event.saledate, timeZone);
      if (offset !== undefined) saleOffsets[event.saledate] = offset;
    }
  }
  const payload = `{"lang":${JSON.stringify(lang)},"saleOffsets":${JSON.stringify(saleOffsets)},"answer":${answer.json}}`;
  // '<' only occurs inside JSON strings, where \u003c means the same: no '</script>' can close the element early.
  return `<script type="application/json" id="${AFISHA_ANSWER_ID}">${payload.replace(/</g, '\\u003c')}</script>`;
}

type AfishaBody = Awaited<ReturnType<AfishaService['get']>>['body'];

/**
 * The image of the first card a first-time visitor sees (the listing's order, contract/afisha-order.ts: the first kind by
 * its sort number, its events without filters, in the listing's order) as a high-priority
 * preload, so the page's largest paint does not wait for the app to render before its image is
 * asked for. A returning visitor with saved filters may see another card first: then one small
 * image came early for nothing.
 */
export function firstImagePreload(body: AfishaBody, lang: Lang): string {
  const kind = sortKinds(body.kind_menu)[0];
  if (!kind) return '';
  const first = body.action.filter((e) => e.menukind_id === kind.menukind_id).sort(eventOrder(body, undefined))[0];
  if (!first) return '';
  const subscription = kind.menukindtype_id === 2 || first.is_subscription === 1;
  const shown = subscription ? body.setup.subscription_image === 1 : body.setup.tickets_image === 1;
  const image = pickLocalized(first.image_url, lang);
  if (!shown || !image) return '';
  const own = parseMediaUrl(image);
  if (own) {
    // The card offers AVIF first (web/components/responsive-image): the preload asks for the width
    // the card will take, by the same srcset and sizes, and a browser without AVIF skips it.
    const sizes = afishaCardSizes(subscription ? body.setup.subscription_col : body.setup.tickets_col);
    return `<link rel="preload" as="image" type="image/avif" imagesrcset="${mediaSrcSet(own.hash, 'avif')}" imagesizes="${sizes}" fetchpriority="high">`;
  }
  return `<link rel="preload" as="image" href="${image.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}" fetchpriority="high">`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of `timeZone` from UTC at the instant `iso`, in minutes (Moscow: 180); undefined for a bad zone or date. */
export function utcOffsetMinutes(iso: string, timeZone: string): number | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return undefined;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}
