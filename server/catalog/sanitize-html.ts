import { parseFragment } from 'parse5';
import { DROP_WITH_CONTENT, SAFE_TAGS, VOID_TAGS, safeHref } from '../../contract/html-allow-list.ts';

type Node = { nodeName: string; tagName?: string; value?: string; attrs?: Array<{ name: string; value: string }>; childNodes?: Node[] };

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** A deeply nested hostile document is flattened to text past this depth, as the storefront does. */
const MAX_DEPTH = 32;

function textOf(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  return (node.childNodes ?? []).map(textOf).join('');
}

function clean(nodes: readonly Node[], depth: number): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      out += escapeText(node.value ?? '');
      continue;
    }
    const tag = node.tagName?.toLowerCase();
    if (tag === undefined || DROP_WITH_CONTENT.has(tag)) continue; // comments, doctype, code
    if (depth > MAX_DEPTH) {
      out += escapeText(textOf(node));
      continue;
    }
    const inner = VOID_TAGS.has(tag) ? '' : clean(node.childNodes ?? [], depth + 1);
    if (!SAFE_TAGS.has(tag)) {
      out += inner; // an unknown tag is unwrapped: its text stays, the tag goes
      continue;
    }
    let attrs = '';
    if (tag === 'a') {
      const href = safeHref(node.attrs?.find((a) => a.name === 'href')?.value ?? '');
      const title = node.attrs?.find((a) => a.name === 'title')?.value;
      if (href) attrs += ` href="${escapeAttr(href)}"`;
      if (title) attrs += ` title="${escapeAttr(title)}"`;
    }
    out += VOID_TAGS.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${inner}</${tag}>`;
  }
  return out;
}

/**
 * The venue's HTML as the back office stores it: parsed as a browser would (parse5, the HTML
 * standard's parser), then written again from the allow-list the storefront shows
 * (contract/html-allow-list.ts): no script, no event handler, no style, links only to safe
 * schemes. The storefront still filters when it shows, for what an import brought in.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return clean((parseFragment(html) as unknown as Node).childNodes ?? [], 0);
}

/** A text in four languages, each language's HTML sanitized as above. */
export function sanitizeLocalizedHtml<T extends Partial<Record<string, string | undefined>>>(texts: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(texts).map(([lang, html]) => [lang, sanitizeHtml(html ?? '')])) as { [K in keyof T]: string };
}
