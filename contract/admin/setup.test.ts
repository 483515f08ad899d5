import { describe, expect, it } from 'vitest';
import { logoForEveryLang, oneLogoOf } from './setup.ts';

describe('one logo for every language', () => {
  it('is offered when the languages show the same picture or none', () => {
    expect(oneLogoOf({ ru: '/a.png', en: '/a.png', kz: '/a.png', ch: '/a.png' })).toBe('/a.png');
    // An empty language falls back to another's picture: still one logo.
    expect(oneLogoOf({ ru: '/a.png', en: '', kz: '/a.png' })).toBe('/a.png');
    expect(oneLogoOf({ ru: '', en: '', kz: '', ch: '' })).toBe('');
    expect(oneLogoOf(undefined)).toBe('');
  });

  it('is not offered when two languages show different pictures', () => {
    expect(oneLogoOf({ ru: '/ru.png', en: '/en.png', kz: '/ru.png', ch: '/ru.png' })).toBeUndefined();
  });

  it('sets all four languages', () => {
    expect(logoForEveryLang('/media/x/640.png')).toEqual({
      ru: '/media/x/640.png',
      en: '/media/x/640.png',
      kz: '/media/x/640.png',
      ch: '/media/x/640.png',
    });
  });
});
