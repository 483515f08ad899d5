import { queryOptions } from '@tanstack/react-query';
import { afishaResponse } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/common.ts';
import { apiGet } from '../../../lib/api.ts';

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
