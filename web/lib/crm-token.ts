/**
 * The venue's signed CRM-client token (docs/crm-client.md). It arrives once as the `crm` query
 * parameter of a link from the venue's site and is kept for the tab, so every later call of the
 * visit identifies the client with the X-CRM-Token header.
 */
const KEY = 'storefront.crm';

export function crmToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('crm');
    if (fromUrl) {
      window.sessionStorage.setItem(KEY, fromUrl);
      return fromUrl;
    }
    return window.sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked: nobody is identified
  }
}
