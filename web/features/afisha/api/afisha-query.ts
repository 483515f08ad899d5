import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const afishaResponse = () => import('../../../../contract/afisha.ts').then((m) => m.afishaResponse);

/**
 * GET /api/afisha. The server answers with an ETag and `no-cache`, so the browser revalidates
 * and an unchanged catalog costs a 304; stock moves, so the answer is stale after a minute.
 */
export function afishaQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: ['afisha', lang],
    queryFn: ({ signal }) => apiGet(`/api/afisha${lang === 'ru' ? '' : `?lang=${lang}`}`, afishaResponse, { signal }),
    staleTime: 60_000,
    // The body is the same in every language (localized fields carry all four): while another
    // language loads, the listing keeps showing (and keeps its state) instead of a skeleton.
    placeholderData: (previous) => previous,
  });
}
