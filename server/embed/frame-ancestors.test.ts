import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { frameAncestorsDirective } from './frame-ancestors.ts';

describe('EMBED_ORIGINS', () => {
  it.each([
    { value: undefined, origins: [] },
    { value: '', origins: [] },
    { value: 'https://venue.example', origins: ['https://venue.example'] },
    {
      value: 'https://venue.example, http://localhost:3000 https://*.museum.example',
      origins: ['https://venue.example', 'http://localhost:3000', 'https://*.museum.example'],
    },
  ])('accepts $value', ({ value, origins }) => {
    expect(loadConfig(value === undefined ? {} : { EMBED_ORIGINS: value }).embedOrigins).toEqual(origins);
  });

  it.each([
    { value: '*', reason: 'any site at all' },
    { value: 'venue.example', reason: 'no scheme' },
    { value: 'https://venue.example/tickets', reason: 'a path' },
    { value: "https://venue.example 'unsafe-inline'", reason: 'a CSP keyword' },
    { value: 'https://venue.example;script-src *', reason: 'a second directive' },
    { value: 'ftp://venue.example', reason: 'another scheme' },
  ])('refuses $value ($reason), naming the variable', ({ value }) => {
    expect(() => loadConfig({ EMBED_ORIGINS: value })).toThrow(/EMBED_ORIGINS/);
  });
});

describe('frameAncestorsDirective', () => {
  it.each([
    { origins: [], directive: "frame-ancestors 'self'" },
    { origins: ['https://a.example', 'https://*.b.example'], directive: "frame-ancestors 'self' https://a.example https://*.b.example" },
  ])('allows $origins', ({ origins, directive }) => expect(frameAncestorsDirective(origins)).toBe(directive));
});
