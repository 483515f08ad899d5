/**
 * Whether a link stays on this site: a path from the site's root ('/rules/offer.pdf'). Browsers
 * read '//host' and '/\host' alike as another host (a backslash is a slash in an http URL), and
 * drop tabs and line breaks from a URL first, so '/\t/host' is one too: none of them is a path.
 * Zod-free: the storefront's first load imports it.
 */
export function isSitePath(href: string): boolean {
  const compact = href.replace(/[\t\n\r]/g, '');
  return compact.startsWith('/') && compact[1] !== '/' && compact[1] !== '\\';
}
