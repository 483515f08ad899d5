import { type ReactNode, createElement } from 'react';
import { DROP_WITH_CONTENT, SAFE_TAGS, VOID_TAGS, safeHref } from '../../contract/html-allow-list.ts';

/**
 * The venue's HTML descriptions, shown safely: parsed by the browser's DOMParser (which runs no
 * script and loads nothing), then rebuilt as React elements from an allow-list of tags and
 * attributes. Nothing reaches the page as raw HTML (no dangerouslySetInnerHTML).
 */
export type SafeNode = string | { tag: string; attrs: Record<string, string>; children: SafeNode[] };

export { safeHref };

/** The allowed tags: the setup's comma list intersected with SAFE_TAGS. */
export function allowedTags(setupList: string): Set<string> {
  return new Set(
    setupList
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter((tag) => SAFE_TAGS.has(tag)),
  );
}

function cleanAttrs(element: Element): Record<string, string> {
  if (element.tagName.toLowerCase() !== 'a') return {};
  const attrs: Record<string, string> = {};
  const href = safeHref(element.getAttribute('href') ?? '');
  if (href) {
    attrs.href = href;
    // The description is the venue's, its links leave the storefront: new tab, no opener, no referrer.
    attrs.target = '_blank';
    attrs.rel = 'noopener noreferrer nofollow';
  }
  const title = element.getAttribute('title');
  if (title) attrs.title = title;
  return attrs;
}

function cleanChildren(parent: Node, allowed: Set<string>, depth: number): SafeNode[] {
  const out: SafeNode[] = [];
  // A hostile document may nest thousands of levels; deeper content is flattened to text.
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (text) out.push(text);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) continue;
    if (depth > 32) {
      const text = element.textContent ?? '';
      if (text) out.push(text);
      continue;
    }
    const children = VOID_TAGS.has(tag) ? [] : cleanChildren(element, allowed, depth + 1);
    if (allowed.has(tag)) out.push({ tag, attrs: cleanAttrs(element), children });
    else out.push(...children); // an unknown tag is unwrapped: its text stays, the tag goes
  }
  return out;
}

/** Parses HTML and keeps only allowed tags and attributes. */
export function sanitizeHtml(html: string, allowed: Set<string>): SafeNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return cleanChildren(doc.body, allowed, 0);
}

/** The plain text of sanitized nodes (for lengths and labels). */
export function safeText(nodes: readonly SafeNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : safeText(node.children))).join('');
}

function toReact(nodes: readonly SafeNode[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const key = `${keyPrefix}.${index}`;
    const children = VOID_TAGS.has(node.tag) ? undefined : toReact(node.children, key);
    return createElement(node.tag, { key, ...node.attrs }, children);
  });
}

/** Renders the venue's HTML through the allow-list. */
export function SafeHtml({ html, allowed, className }: { html: string; allowed: Set<string>; className?: string }) {
  return <div className={className}>{toReact(sanitizeHtml(html, allowed), 'n')}</div>;
}

/** Renders already sanitized nodes. */
export function SafeNodes({ nodes }: { nodes: readonly SafeNode[] }) {
  return <>{toReact(nodes, 'n')}</>;
}
