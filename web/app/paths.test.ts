import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/lang.ts';
import { type Paths, createPaths, withLang } from './paths.ts';

type Case = { description: string; lang: Lang; build: (paths: Paths) => string; expected: string };

const cases: Case[] = [
  { description: 'afisha in ru has no query', lang: 'ru', build: (p) => p.afisha(), expected: '/' },
  {
    description: 'afisha keeps id and sid and adds lang',
    lang: 'en',
    build: (p) => p.afisha({ id: 3, sid: 7 }),
    expected: '/?id=3&sid=7&lang=en',
  },
  { description: 'afisha reset flag', lang: 'ru', build: (p) => p.afisha({ reset: 1 }), expected: '/?reset=1' },
  { description: 'event with hash only', lang: 'ru', build: (p) => p.event('abcDEF_123-x'), expected: '/event/abcDEF_123-x' },
  {
    description: 'event with date and time',
    lang: 'kz',
    build: (p) => p.event('h1', '01.02.2026', '10:30'),
    expected: '/event/h1/01.02.2026/10:30?lang=kz',
  },
  {
    description: 'event ignores a time without a date',
    lang: 'ru',
    build: (p) => p.event('h1', undefined, '10:30'),
    expected: '/event/h1',
  },
  {
    description: 'event in subscription mode with erid',
    lang: 'ch',
    build: (p) => p.event('h1', undefined, undefined, { sub: 1, erid: 'ad42' }),
    expected: '/event/h1?sub=1&erid=ad42&lang=ch',
  },
  { description: 'scheme with date', lang: 'ru', build: (p) => p.scheme('h2', '2026-03-08'), expected: '/scheme/h2/2026-03-08' },
  { description: 'order', lang: 'en', build: (p) => p.order('ordHash'), expected: '/order/ordHash?lang=en' },
  { description: 'order return', lang: 'ru', build: (p) => p.orderReturn('ordHash'), expected: '/order/return/ordHash' },
  {
    description: 'order return with confirmation hash',
    lang: 'en',
    build: (p) => p.orderReturn('ordHash', 'conf123'),
    expected: '/order/return/ordHash?hash_conf=conf123&lang=en',
  },
  { description: 'order declined', lang: 'ru', build: (p) => p.orderDeclined('o1'), expected: '/order/declined/o1' },
  { description: 'nominal tickets', lang: 'kz', build: (p) => p.nominal('o1'), expected: '/nominal-tickets/o1?lang=kz' },
  { description: 'ticket', lang: 'ru', build: (p) => p.ticket('t1'), expected: '/ticket/t1' },
  { description: 'contacts', lang: 'en', build: (p) => p.contacts(), expected: '/contacts?lang=en' },
  { description: 'purchase terms', lang: 'ru', build: (p) => p.purchaseTerms(), expected: '/rules/purchase-terms' },
  { description: 'privacy policy', lang: 'ch', build: (p) => p.privacyPolicy(), expected: '/rules/privacy-policy?lang=ch' },
  { description: 'a hash with unsafe characters is encoded', lang: 'ru', build: (p) => p.order('a/b c'), expected: '/order/a%2Fb%20c' },
];

describe('createPaths', () => {
  it.each(cases)('$description', ({ lang, build, expected }) => {
    expect(build(createPaths(lang, false))).toBe(expected);
  });
});

describe('createPaths in integration mode (setup is_integration, or embedded)', () => {
  it.each([
    { description: 'an order link takes the older shape', lang: 'ru' as const, expected: '/ru/order/view/ordHash' },
    { description: 'the language goes into the path, not the query', lang: 'en' as const, expected: '/en/order/view/ordHash' },
  ])('$description', ({ lang, expected }) => {
    expect(createPaths(lang, true).order('ordHash')).toBe(expected);
  });

  it('leaves every other path as it is', () => {
    expect(createPaths('en', true).event('h1')).toBe(createPaths('en', false).event('h1'));
    expect(createPaths('en', true).orderReturn('o1')).toBe('/order/return/o1?lang=en');
  });
});

describe('withLang', () => {
  it.each([
    {
      description: 'adds lang to an app path',
      path: '/rules/purchase-terms',
      lang: 'en' as const,
      expected: '/rules/purchase-terms?lang=en',
    },
    { description: 'replaces an existing lang', path: '/contacts?lang=kz&x=1', lang: 'en' as const, expected: '/contacts?x=1&lang=en' },
    { description: 'drops lang for ru', path: '/contacts?lang=en', lang: 'ru' as const, expected: '/contacts' },
    {
      description: 'leaves external URLs alone',
      path: 'https://museum.example/rules',
      lang: 'en' as const,
      expected: 'https://museum.example/rules',
    },
    { description: 'leaves protocol-relative URLs alone', path: '//cdn.example/x', lang: 'en' as const, expected: '//cdn.example/x' },
    {
      description: 'leaves a backslash host (a browser reads /\\host as //host) alone',
      path: '/\\evil.example/x',
      lang: 'en' as const,
      expected: '/\\evil.example/x',
    },
  ])('$description', ({ path, lang, expected }) => {
    expect(withLang(path, lang)).toBe(expected);
  });
});
