import { DEFAULT_LANG, type Lang } from './lang.ts';

/** An order screen's path with the language as `?lang=`, omitted for ru (the default). */
function withLangQuery(path: string, lang: Lang): string {
  return lang === DEFAULT_LANG ? path : `${path}?lang=${lang}`;
}

/**
 * The order page's path, wherever an order link is built (the web app after an order, e-mails,
 * a bank's return address): /order/{hash}?lang=…, or in integration mode (setup is_integration,
 * or the storefront embedded in a venue's page) the older shape /{lang}/order/view/{hash} that
 * integrations route.
 */
export function orderViewPath(hash: string, lang: Lang, integration: boolean): string {
  const safe = encodeURIComponent(hash);
  if (integration) return `/${lang}/order/view/${safe}`;
  return withLangQuery(`/order/${safe}`, lang);
}

/**
 * The payment-declined page's path (the web app after a declined QR payment, the bank's return
 * address): /order/declined/{hash}?lang=…. It has no older shape, also in integration mode.
 */
export function orderDeclinedPath(hash: string, lang: Lang): string {
  return withLangQuery(`/order/declined/${encodeURIComponent(hash)}`, lang);
}

/** A ticket's page (/ticket/{hash}): the paid-order e-mail links each ticket so. */
export function ticketPath(ticketHash: string, lang: Lang): string {
  return withLangQuery(`/ticket/${encodeURIComponent(ticketHash)}`, lang);
}
