import type { Lang } from '../contract/lang.ts';
import { routePatterns } from '../contract/routes.ts';
import type { AfishaService } from './afisha/afisha.service.ts';

/** The element's id; web/features/afisha/api/afisha-query.ts reads it. */
export const AFISHA_ANSWER_ID = 'afisha-answer';

/**
 * The listing's first answer inside the page's HTML (issue #10, Lighthouse on `/`): the server
 * knows GET /api/afisha when it sends `/`, so the page carries it as
 * `<script type="application/json" id="afisha-answer">` (compressed with the HTML: ~6 kB instead
 * of a separate 40 kB request) and the app reads it at boot instead of fetching it.
 *
 * Beside the answer go the venue's UTC offsets at the sale starts it names (`saleOffsets`,
 * minutes by ISO instant): the listing writes '25 ноября 2026 г. в 10:00' with them instead of
 * building an Intl.DateTimeFormat for the venue's time zone, whose first construction is a long
 * task on a phone (web/features/afisha/model/format.ts).
 */
export type FirstAnswer = (pathname: string, lang: Lang) => Promise<string>;

/**
 * The afisha service rebuilds its answer every few seconds (stock moves); the page does not wait
 * for a rebuild while the element it made last is younger than this: it goes out as it is and the
 * next page gets the fresh one (the app refetches the listing after a minute anyway).
 */
const SERVE_STALE_MS = 30_000;

export function createFirstAnswer(afisha: AfishaService, now: () => number = Date.now): FirstAnswer {
  // One entry per language, rebuilt when the answer changes (its ETag).
  const built = new Map<Lang, { etag: string; html: string; at: number }>();
  const refreshing = new Map<Lang, Promise<string>>();

  const refresh = (lang: Lang): Promise<string> => {
    let running = refreshing.get(lang);
    if (!running) {
      running = afisha
        .get(lang)
        .then((answer) => {
          const known = built.get(lang);
          const html = known?.etag === answer.etag ? known.html : elementOf(answer, lang);
          built.set(lang, { etag: answer.etag, html, at: now() });
          return html;
        })
        .catch(() => '') // the app fetches the listing itself, and shows the error it gets then
        .finally(() => refreshing.delete(lang));
      refreshing.set(lang, running);
    }
    return running;
  };

  return async (pathname, lang) => {
    if (!routePatterns.afisha.test(pathname)) return '';
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

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of `timeZone` from UTC at the instant `iso`, in minutes (Moscow: 180); undefined for a bad zone or date. */
export function utcOffsetMinutes(iso: string, timeZone: string): number | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return undefined;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      return undefined;
    }
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}
