import { DEFAULT_LANG, type Lang } from './lang.ts';

/**
 * The order page's path, wherever an order link is built (the web app after an order, e-mails,
 * a bank's return address): /order/{hash}?lang=…, or in integration mode (setup is_integration,
 * or the storefront embedded in a venue's page) the older shape /{lang}/order/view/{hash} that
 * integrations route (spec sections 1 and 2).
 */
export function orderViewPath(hash: string, lang: Lang, integration: boolean): string {
  const safe = encodeURIComponent(hash);
  if (integration) return `/${lang}/order/view/${safe}`;
  return lang === DEFAULT_LANG ? `/order/${safe}` : `/order/${safe}?lang=${lang}`;
}
