import { describe, expect, it } from 'vitest';
import { isoInZone } from './event-json-ld.ts';
import { escapeHtml, htmlToText, injectHead, jsonForScript, truncateText } from './html-head.ts';

describe('jsonForScript', () => {
  const cases = [
    { description: 'a closing script tag', value: { name: '</script><script>alert(1)</script>' } },
    { description: 'an HTML comment opener', value: { name: '<!-- x' } },
    { description: 'an ampersand entity', value: { name: '&lt;b&gt;' } },
    { description: 'line and paragraph separators', value: { name: 'a\u2028b\u2029c' } },
  ];
  it.each(cases)('keeps $description out of the markup and parses back to the same value', ({ value }) => {
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it.each([
    { input: '<b>"x" & \'y\'</b>', output: '&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;' },
    { input: 'plain', output: 'plain' },
  ])('escapes $input', ({ input, output }) => expect(escapeHtml(input)).toBe(output));
});

describe('htmlToText', () => {
  it.each([
    {
      description: 'tags and entities',
      input: '<p>Rock &amp; roll&nbsp;<b>live</b></p><p>Tonight</p>',
      output: 'Rock & roll live Tonight',
    },
    { description: 'scripts and styles with their content', input: 'a<script>alert(1)</script>b<style>p{}</style>c', output: 'a b c' },
    { description: 'numeric entities', input: '&#171;Hi&#x00BB;', output: '«Hi»' },
    { description: 'an unknown entity kept as written', input: '&bogus; x', output: '&bogus; x' },
    { description: 'line breaks', input: 'one<br/>two<br>three', output: 'one two three' },
  ])('drops $description', ({ input, output }) => expect(htmlToText(input)).toBe(output));
});

describe('truncateText', () => {
  it.each([
    { input: 'short', max: 10, output: 'short' },
    { input: 'a sentence that goes on, and on', max: 20, output: 'a sentence that…' },
    { input: 'unbrokenwordthatislong', max: 10, output: 'unbrokenw…' },
  ])('cuts "$input" to $max', ({ input, max, output }) => {
    const cut = truncateText(input, max);
    expect(cut).toBe(output);
    expect(cut.length).toBeLessThanOrEqual(max);
  });
});

describe('isoInZone', () => {
  it.each([
    { at: '2030-03-11T16:00:00Z', zone: 'Europe/Moscow', withTime: true, output: '2030-03-11T19:00:00+03:00' },
    { at: '2030-03-11T22:30:00Z', zone: 'Europe/Moscow', withTime: false, output: '2030-03-12' },
    { at: '2030-07-01T10:00:00Z', zone: 'Europe/Berlin', withTime: true, output: '2030-07-01T12:00:00+02:00' },
    { at: '2030-07-01T10:00:00Z', zone: 'UTC', withTime: true, output: '2030-07-01T10:00:00+00:00' },
    { at: '2030-07-01T10:00:00Z', zone: 'America/New_York', withTime: true, output: '2030-07-01T06:00:00-04:00' },
  ])('$at in $zone is $output', ({ at, zone, withTime, output }) => {
    expect(isoInZone(new Date(at), zone, withTime)).toBe(output);
  });
});

describe('injectHead', () => {
  const head = {
    lang: 'en',
    title: 'T & $& $1',
    description: 'D "quoted"',
    canonical: 'https://x.example/',
    alternates: [],
    ogType: 'website' as const,
    ogLocale: 'en_US',
    ogLocaleAlternates: [],
    siteName: 'S',
    image: undefined,
    robots: 'index,follow' as const,
    jsonLd: { a: '</script>' },
  };

  it('replaces the built title and description, sets the language and keeps the rest', () => {
    const html = injectHead(
      '<!doctype html><html lang="ru" class="x"><head><title>Old</title><meta name="description" content="old"><script type="module" src="/a.js"></script></head><body></body></html>',
      head,
    );
    expect(html).toContain('<html lang="en" class="x">');
    expect(html).not.toContain('Old');
    expect(html).not.toContain('content="old"');
    // '$&' in a text must not be expanded as a replacement pattern.
    expect(html).toContain('<title>T &amp; $&amp; $1</title>');
    expect(html).toContain('<meta name="description" content="D &quot;quoted&quot;">');
    expect(html).toContain('<script type="application/ld+json">{"a":"\\u003c/script\\u003e"}</script>');
    expect(html.indexOf('/a.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
