import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { formatDateTime, formatMoney, pickText } from './format.ts';

describe('the desk pages’ formatting', () => {
  it.each([
    ['ru', 123450, /1\s?234,50\s?₽/],
    ['en', 123450, /RUB\s?1,234\.50|₽1,234\.50/],
    ['ch', 5, /0\.05/],
  ])('%s: %i kopecks', (lang, kopecks, expected) => {
    expect(formatMoney(kopecks, lang)).toMatch(expected);
  });

  it('a missing or unreadable time is a dash', () => {
    expect(formatDateTime(null, 'ru')).toBe('—');
    expect(formatDateTime('not a date', 'ru')).toBe('—');
    expect(formatDateTime('2026-03-01T12:00:00Z', 'ru')).toMatch(/01\.03\.2026/);
  });

  it.each([
    [{ ru: 'Концерт', en: 'Concert' }, 'en', 'Concert'],
    [{ ru: 'Концерт', en: '' }, 'en', 'Концерт'],
    [{ kz: 'Концерт kz' }, 'en', 'Концерт kz'],
    [null, 'ru', ''],
  ])('picks %j in %s', (texts, lang, expected) => {
    expect(pickText(texts, lang)).toBe(expected);
  });
});

describe('field errors of a refusal', () => {
  it('keep the first code of each top-level field', () => {
    const error = new ApiError('-1002', 'Проверьте поля', 400, {
      fields: [
        { path: 'reason', code: 'required-reason' },
        { path: 'ticketIds.0', code: 'tickets' },
        { path: 'reason', code: 'other' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ reason: 'required-reason', ticketIds: 'tickets' });
  });

  it('are none when the answer names no field', () => {
    expect(fieldErrorsOf(new ApiError('-9999', ''))).toEqual({});
  });
});
