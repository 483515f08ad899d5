import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER, driverBase, loadRegisterSettings } from './register-settings.ts';

const stored = (value: string | null) => ({ getItem: () => value });

describe('loadRegisterSettings', () => {
  it.each([
    { description: 'nothing stored: the default', value: null, expected: DEFAULT_REGISTER },
    { description: 'not JSON: the default', value: '{', expected: DEFAULT_REGISTER },
    {
      description: 'a bad name falls back, the rest kept',
      value: JSON.stringify({ name: 'a b;', mode: 'elsewhere', url: '' }),
      expected: { name: 'desk-1', mode: 'elsewhere', url: '' },
    },
    {
      description: 'a stored register',
      value: JSON.stringify({ name: 'Касса-2', mode: 'driver', url: 'http://127.0.0.1:16732' }),
      expected: { name: 'Касса-2', mode: 'driver', url: 'http://127.0.0.1:16732' },
    },
  ])('$description', ({ value, expected }) => {
    expect(loadRegisterSettings(stored(value))).toEqual(expected);
  });
});

describe('driverBase', () => {
  it.each([
    {
      description: 'the address set up wins',
      settings: { name: 'd', mode: 'driver' as const, url: ' http://127.0.0.1:16732 ' },
      demo: '/demo-register',
      expected: 'http://127.0.0.1:16732',
    },
    {
      description: 'none set up: the demo’s register',
      settings: { name: 'd', mode: 'driver' as const, url: '' },
      demo: '/demo-register',
      expected: 'https://venue.example/demo-register',
    },
    {
      description: 'none set up, no demo: receipts wait',
      settings: { name: 'd', mode: 'driver' as const, url: '' },
      demo: null,
      expected: null,
    },
    {
      description: 'printed elsewhere: nothing relayed',
      settings: { name: 'd', mode: 'elsewhere' as const, url: 'http://127.0.0.1:16732' },
      demo: '/demo-register',
      expected: null,
    },
  ])('$description', ({ settings, demo, expected }) => {
    expect(driverBase(settings, demo, 'https://venue.example')).toBe(expected);
  });
});
