import { Navigate, useParams } from 'react-router';
import type { Lang } from '../../contract/common.ts';
import { type Paths, createPaths } from './paths.ts';

/**
 * Old links put the language in the path (/{lang}/order/view/{hash}, /{lang}/rules,
 * /{lang}/rules-agreement, spec section 2); they land on today's route with ?lang= (none for ru).
 */
export function LegacyRedirect({ lang, to }: { lang: Lang; to: (paths: Paths, hash: string) => string }) {
  const { hash = '' } = useParams();
  return <Navigate replace to={to(createPaths(lang), hash)} />;
}
