/**
 * The storefront's routes, shared by the web router and the server, which
 * answers a path that no route matches with HTTP 404 (the SPA then renders its 404 page).
 */
export const routePatterns = {
  afisha: /^\/$/,
  event: /^\/event\/[A-Za-z0-9_-]+(\/[0-9.-]+)?(\/[0-9:-]+)?\/?$/,
  scheme: /^\/scheme\/[A-Za-z0-9_-]+(\/[0-9.-]+)?(\/[0-9:-]+)?\/?$/,
  order: /^\/order\/[A-Za-z0-9_-]+\/?$/,
  orderLegacy: /^\/(ru|en|kz|ch)\/order\/view\/[A-Za-z0-9_-]+\/?$/,
  orderReturn: /^\/order\/return\/[A-Za-z0-9_-]+\/?$/,
  orderDeclined: /^\/order\/declined\/[A-Za-z0-9_-]+\/?$/,
  nominal: /^\/nominal-tickets\/[A-Za-z0-9_-]+\/?$/,
  ticket: /^\/ticket\/[A-Za-z0-9_-]+\/?$/,
  waitlistUnsubscribe: /^\/waitlist\/unsubscribe\/[0-9]+\.[A-Za-z0-9_-]+\/?$/,
  contacts: /^\/contacts\/?$/,
  // The venue's documents and the current consent texts (contract/consent.ts, consentSlug).
  rules: /^\/rules\/(purchase-terms|privacy-policy|consent-(?:order|nominal|return|newsletter))\/?$/,
  rulesLegacy: /^\/(ru|en|kz|ch)\/(rules|rules-agreement)\/?$/,
} as const;

export function isKnownRoute(pathname: string): boolean {
  return Object.values(routePatterns).some((pattern) => pattern.test(pathname));
}
