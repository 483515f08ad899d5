/**
 * Integration mode: the storefront runs inside a venue's own site. It is on
 * when the setup says so (is_integration = 1) or when the page is shown in a frame (the
 * embeddable widget, web/public/widget.js). In it, order links take the older path shape and
 * the shell leaves out the header, footer and scroll-to-top button that the host page provides.
 */

let integrationFromSetup = false;

/** True when this page is inside a frame of another page (the widget). */
export function isEmbedded(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent may refuse even the comparison in old browsers: we are framed.
    return true;
  }
}

/** Called with every setup answer, so links built anywhere follow the venue's setting. */
export function rememberIntegrationSetting(isIntegration: number) {
  integrationFromSetup = isIntegration === 1;
}

export function isIntegrationMode(): boolean {
  return integrationFromSetup || isEmbedded();
}
