/**
 * Puts a route's head tags into the built index.html. Everything that comes from the database
 * (an event's name or description, the venue's texts) passes through escapeHtml or jsonForScript
 * here, so a venue's text can never add markup or a script to the page.
 */

export type HeadTags = {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  /** Absolute URLs of the same page in each storefront language, plus x-default. */
  alternates: { hreflang: string; href: string }[];
  ogType: 'website';
  ogLocale: string;
  ogLocaleAlternates: string[];
  siteName: string;
  image: string | undefined;
  robots: 'index,follow' | 'noindex,follow' | 'noindex,nofollow';
  /** schema.org data, serialised into one application/ld+json script; undefined: none. */
  jsonLd: unknown;
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * JSON for an inline <script>: JSON.stringify alone lets '</script>' or '<!--' through, which
 * would end the script element early, so <, > and & become \u escapes (still the same JSON),
 * and so do U+2028/U+2029, which older JavaScript parsers treat as line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** The visible text of a venue's HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
      }
      return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text to at most max characters at a word boundary, ending with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

function renderTags(head: HeadTags): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', head.ogLocale),
    ...head.ogLocaleAlternates.map((locale) => meta('property', 'og:locale:alternate', locale)),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
  ];
  if (head.jsonLd !== undefined) lines.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return lines.join('\n    ');
}

/**
 * Returns index.html with the route's head: the built <title> and description are replaced,
 * <html lang> is set, and the other tags go in just before </head>.
 */
export function injectHead(indexHtml: string, head: HeadTags): string {
  const withoutOwn = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '')
    .replace(/<html\b([^>]*?)\s+lang=["'][^"']*["']/i, '<html$1')
    .replace(/<html\b/i, () => `<html lang="${escapeHtml(head.lang)}"`);
  const at = withoutOwn.search(/<\/head>/i);
  const tags = `    ${renderTags(head)}\n  `;
  // Sliced rather than String.replace: a '$&' in a venue's text must stay literal.
  return at < 0 ? `${tags}${withoutOwn}` : `${withoutOwn.slice(0, at)}${tags}${withoutOwn.slice(at)}`;
}
