import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { pickText } from './format.ts';

describe('the desk pages’ formatting', () => {
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
