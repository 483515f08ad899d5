import type { ReactNode } from 'react';
import { Redirect, useParams } from 'wouter';
import type { Lang } from '../../contract/lang.ts';
import { isEmbedded } from '../lib/integration.ts';
import { useSetup } from '../lib/use-setup.ts';
import { type Paths, createPaths } from './paths.ts';

/**
 * Old links put the language in the path (/{lang}/order/view/{hash}, /{lang}/rules,
 * /{lang}/rules-agreement); they land on today's route with ?lang= (none for ru).
 */
export function LegacyRedirect({ lang, to }: { lang: Lang; to: (paths: Paths, hash: string) => string }) {
  const { hash = '' } = useParams();
  return <Redirect replace to={to(createPaths(lang, false), hash)} />;
}

/**
 * /{lang}/order/view/{hash}: in integration mode it is the order page's own address (the shape
 * the storefront links to there), so the page is shown in place; otherwise the old link moves
 * to /order/{hash}. The setup decides, so nothing is shown until it has arrived.
 */
export function LegacyOrderRoute({ lang, orderPage }: { lang: Lang; orderPage: ReactNode }) {
  const { data: setup } = useSetup();
  if (isEmbedded() || setup?.is_integration === 1) return orderPage;
  if (!setup) return null;
  return <LegacyRedirect lang={lang} to={(paths, hash) => paths.order(hash)} />;
}
