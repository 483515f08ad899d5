import { describe, expect, it } from 'vitest';
import { eventHashFrom } from './catalog-hash.ts';

describe('eventHashFrom', () => {
  it('makes the address part from the English name, else the Russian one in Latin letters', () => {
    expect(eventHashFrom({ ru: 'Ночь в музее', en: 'Night at the Museum!' })).toBe('night-at-the-museum');
    expect(eventHashFrom({ ru: 'Щелкунчик: ёлка' })).toBe('shchelkunchik-elka');
    expect(eventHashFrom({ ru: '音乐会' })).toBe('event');
    expect(eventHashFrom({ ru: 'x'.repeat(100) }).length).toBe(48);
  });
});
