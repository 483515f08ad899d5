/**
 * The allow-list of the venue's HTML (event descriptions, rules documents): the storefront shows
 * only these tags (web/lib/safe-html.tsx) and the back office stores only these
 * (server/catalog/sanitize-html.ts), so what a manager saves is what a visitor sees.
 */

/** Tags that may ever be shown, whatever the setup lists (setup description_escaping_tags narrows it). */
export const SAFE_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'span',
  'div',
  'small',
  'sub',
  'sup',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
/** Tags dropped with everything inside them: their content is code or form UI, never text to read. */
export const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
  'option',
  'button',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'video',
  'audio',
  'canvas',
  'applet',
  'xml',
  'noembed',
  'noframes',
  'plaintext',
  'xmp',
]);
export const VOID_TAGS = new Set(['br']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** A link target if it is safe (http(s), mailto, tel, or a relative path); undefined otherwise. */
export function safeHref(value: string): string | undefined {
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:'): so do we.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return SAFE_SCHEMES.has((scheme[1] ?? '').toLowerCase()) ? value.trim() : undefined;
  // No scheme: a relative link. A backslash start could turn into a scheme-relative URL.
  if (compact.startsWith('\\') || compact.startsWith('/\\')) return undefined;
  return value.trim() || undefined;
}
