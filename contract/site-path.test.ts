import { describe, expect, it } from 'vitest';
import { linkUrl } from './catalog-file.ts';
import { isSitePath } from './site-path.ts';

describe('isSitePath', () => {
  it.each([
    { href: '/', site: true },
    { href: '/rules/offer.pdf', site: true },
    { href: '/event/a?lang=en#x', site: true },
    { href: '/a\\b', site: true },
    { href: '//evil.example', site: false },
    { href: '/\\evil.example', site: false },
    { href: '/\t/evil.example', site: false },
    { href: '/\n\\evil.example', site: false },
    { href: '\\\\evil.example', site: false },
    { href: 'https://evil.example', site: false },
    { href: 'rules', site: false },
    { href: '', site: false },
  ])('answers $site for $href', ({ href, site }) => {
    expect(isSitePath(href)).toBe(site);
  });
});

describe('linkUrl (catalog and setup links)', () => {
  it.each(['/static/a.png', '/rules/x', 'https://example.org/a', 'http://example.org'])('takes %s', (value) => {
    expect(linkUrl.safeParse(value).success).toBe(true);
  });
  it.each(['/\\evil.example', '//evil.example', '/\\/evil.example', 'javascript:alert(1)', 'rules/x', '/a b'])('refuses %s', (value) => {
    expect(linkUrl.safeParse(value).success).toBe(false);
  });
});
