import { queryOptions } from '@tanstack/react-query';
import type { AfishaResponse } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { rememberSaleOffsets } from '../model/format.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const afishaResponse = () => import('../../../../contract/afisha.ts').then((m) => m.afishaResponse);

/** What server/spa-first-answer.ts puts into the listing's page. */
type InlinedAnswer = { lang: Lang; saleOffsets: Record<string, number>; answer: AfishaResponse };

let inlined: InlinedAnswer | null | undefined;

/**
 * The answer the page's HTML carries (`<script type="application/json" id="afisha-answer">`,
 * server/spa-first-answer.ts), read once: the listing renders at boot without asking for it.
 */
function inlinedAnswer(lang: Lang): AfishaResponse | undefined {
  if (inlined === undefined) {
    inlined = null;
    const text = typeof document === 'undefined' ? null : document.getElementById('afisha-answer')?.textContent;
    if (text) {
      try {
        inlined = JSON.parse(text) as InlinedAnswer;
        rememberSaleOffsets(inlined.answer.setup.app.timezone, inlined.saleOffsets);
      } catch {
        inlined = null; // then the listing asks the server, as without it
      }
    }
  }
  return inlined?.lang === lang ? inlined.answer : undefined;
}

/**
 * GET /api/afisha. The server answers with an ETag and `no-cache`, so the browser revalidates
 * and an unchanged catalog costs a 304; stock moves, so the answer is stale after a minute. The
 * first one comes inside the page (inlinedAnswer), as fresh as the page.
 */
export function afishaQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: ['afisha', lang],
    queryFn: ({ signal }) => apiGet(`/api/afisha${lang === 'ru' ? '' : `?lang=${lang}`}`, afishaResponse, { signal }),
    staleTime: 60_000,
    initialData: () => inlinedAnswer(lang),
    // The page was made when the browser asked for it (on the page's own clock, which tests may move).
    initialDataUpdatedAt: () => (typeof performance === 'undefined' ? Date.now() : Date.now() - performance.now()),
    // The body is the same in every language (localized fields carry all four): while another
    // language loads, the listing keeps showing (and keeps its state) instead of a skeleton.
    placeholderData: (previous) => previous,
  });
}
