// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, allowedTags, safeHref, safeText, sanitizeHtml } from './safe-html.tsx';

const ALLOWED = allowedTags('p,br,b,strong,i,em,u,a,ul,ol,li,span');
const BLANK = 'target="_blank" rel="noopener noreferrer nofollow"';

/** What the page ends up holding for a description. */
function shown(html: string, allowed = ALLOWED): string {
  const { container } = render(<SafeHtml html={html} allowed={allowed} />);
  return (container.firstElementChild as HTMLElement).innerHTML;
}

describe('SafeHtml with hostile input', () => {
  const cases = [
    { description: 'a script tag is dropped with its code', html: '<p>Hi</p><script>alert(1)</script>', expected: '<p>Hi</p>' },
    { description: 'an uppercase script tag too', html: '<SCRIPT>alert(1)</SCRIPT>ok', expected: 'ok' },
    { description: 'an event handler attribute is removed', html: '<b onclick="alert(1)">x</b>', expected: '<b>x</b>' },
    { description: 'an img with onerror disappears (img is not allowed)', html: 'a<img src=x onerror="alert(1)">b', expected: 'ab' },
    { description: 'a javascript: link loses its href', html: '<a href="javascript:alert(1)">x</a>', expected: '<a>x</a>' },
    {
      description: 'a javascript: link hidden by case and whitespace',
      html: '<a href=" JaVa&#09;Script:alert(1)">x</a>',
      expected: '<a>x</a>',
    },
    { description: 'a data: link loses its href', html: '<a href="data:text/html,<script>alert(1)</script>">x</a>', expected: '<a>x</a>' },
    { description: 'a vbscript: link loses its href', html: '<a href="vbscript:msgbox(1)">x</a>', expected: '<a>x</a>' },
    { description: 'a style attribute is removed', html: '<span style="position:fixed;top:0">x</span>', expected: '<span>x</span>' },
    { description: 'a style element is dropped with its rules', html: '<style>body{display:none}</style><p>x</p>', expected: '<p>x</p>' },
    { description: 'an unknown tag is unwrapped, its text kept', html: '<marquee><u>x</u></marquee>', expected: '<u>x</u>' },
    { description: 'an iframe is dropped', html: '<iframe src="https://evil.example"></iframe>x', expected: 'x' },
    { description: 'an svg with a script is dropped', html: '<svg onload="alert(1)"><script>alert(1)</script></svg>x', expected: 'x' },
    { description: 'a form and its inputs are dropped', html: '<form action="https://evil"><input name="card"></form>x', expected: 'x' },
    { description: 'class and id attributes are removed', html: '<p class="admin" id="root">x</p>', expected: '<p>x</p>' },
    { description: 'comments are removed', html: '<!-- <script>alert(1)</script> -->x', expected: 'x' },
    {
      description: 'text that looks like markup stays text',
      html: '&lt;script&gt;alert(1)&lt;/script&gt;',
      expected: '&lt;script&gt;alert(1)&lt;/script&gt;',
    },
    { description: 'a broken tag soup does not leak a handler', html: '<p <b onmouseover=alert(1)>x', expected: '<p>x</p>' },
    {
      description: 'an https link is kept, opening in a new tab without opener',
      html: '<a href="https://museum.example/x" title="T">x</a>',
      expected: `<a href="https://museum.example/x" ${BLANK} title="T">x</a>`,
    },
    {
      description: 'a mailto link is kept',
      html: '<a href="mailto:info@museum.example">mail</a>',
      expected: `<a href="mailto:info@museum.example" ${BLANK}>mail</a>`,
    },
    {
      description: 'ordinary formatting survives',
      html: '<p>A <strong>b</strong><br><em>c</em></p><ul><li>d</li></ul>',
      expected: '<p>A <strong>b</strong><br><em>c</em></p><ul><li>d</li></ul>',
    },
  ];
  it.each(cases)('$description', ({ html, expected }) => {
    expect(shown(html)).toBe(expected);
  });

  it('never lets a tag outside the safe set through, even when the setup lists it', () => {
    const permissive = allowedTags('p, script, img, iframe, style, a');
    expect([...permissive].sort()).toEqual(['a', 'p']);
    expect(shown('<img src=x onerror=alert(1)><script>alert(1)</script><p>x</p>', permissive)).toBe('<p>x</p>');
  });

  it('unwraps tags the setup does not allow', () => {
    expect(shown('<p>a <b>b</b></p>', allowedTags('b'))).toBe('a <b>b</b>');
  });

  it('flattens absurdly deep nesting to text', () => {
    const html = `${'<span>'.repeat(200)}deep${'</span>'.repeat(200)}`;
    expect(safeText(sanitizeHtml(html, ALLOWED))).toBe('deep');
  });
});

describe('safeHref', () => {
  it.each([
    { href: 'https://a.example', expected: 'https://a.example' },
    { href: 'http://a.example', expected: 'http://a.example' },
    { href: 'tel:+79990000000', expected: 'tel:+79990000000' },
    { href: '/event/abc', expected: '/event/abc' },
    { href: '#part', expected: '#part' },
    { href: 'javascript:alert(1)', expected: undefined },
    { href: '\u0001javascript:alert(1)', expected: undefined },
    { href: 'jav\nascript:alert(1)', expected: undefined },
    { href: 'data:text/html;base64,xx', expected: undefined },
    { href: '\\\\evil.example', expected: undefined },
    { href: '', expected: undefined },
  ])('$href -> $expected', ({ href, expected }) => {
    expect(safeHref(href)).toBe(expected);
  });
});
