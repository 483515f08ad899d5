import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ru from '../../locales/ru/admin-catalog.json' with { type: 'json' };
import { catalogEventDraft } from '../../../contract/admin/catalog.ts';
import { boundsResolver, fieldErrorText } from './zod-errors.ts';

/** i18next's interpolation of the Russian catalog, enough for these texts. */
const t = (key: string, options: Record<string, unknown>) => {
  const text = (ru.fieldErrors as Record<string, string>)[key.replace('fieldErrors.', '')] ?? String(options.defaultValue);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

async function errorsOf<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(schema: S, values: Record<string, unknown>) {
  const result = await boundsResolver(schema)(values as z.input<S>, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors as Record<string, { type: string; message?: string }>;
}

describe('the back-office forms’ field errors', () => {
  it('say "fill in" for an empty text and name the bound for a number, instead of one text for both', async () => {
    const schema = z.object({
      name: z.string().min(1),
      price: z.number().min(0),
      fee: z.number().positive(),
      code: z.string().max(4),
      tags: z.array(z.string()).min(2),
    });
    const errors = await errorsOf(schema, { name: '', price: -100, fee: 0, code: 'ABCDEF', tags: [] });
    const text = (name: string) => fieldErrorText(t, errors[name] as never);
    expect(text('name')).toBe('Заполните поле.');
    expect(text('price')).toBe('Не меньше 0.');
    expect(text('fee')).toBe('Должно быть больше 0.');
    expect(text('code')).toBe('Слишком длинный текст: максимум 4 зн.');
    expect(text('tags')).toBe('Нужно хотя бы 2.');
  });

  it('keeps the server’s own words and the schema’s own refinements', async () => {
    expect(fieldErrorText(t, { type: 'server', message: 'Занято.' })).toBe('Занято.');
    const errors = await errorsOf(z.object({ a: z.string().refine((v) => v === 'x', 'own') }), { a: 'y' });
    expect(errors.a).toMatchObject({ type: 'custom', message: 'own' });
    expect(fieldErrorText(t, errors.a as never)).toBe('Неверное значение.');
  });

  it('the event form: an empty name and a price of −100 each get their own text', async () => {
    const event = catalogEventDraft.parse({
      id: -1,
      kindId: 1,
      venueId: 1,
      name: { ru: '-' },
      isPublished: false,
      categories: [{ id: -1, name: { ru: '-' } }],
    });
    const errors = await errorsOf(z.object({ event: catalogEventDraft }), {
      event: { ...event, name: { ru: '' }, prices: [{ id: -1, categoryId: -1, amount: -100 }] },
    });
    const flat = JSON.stringify(errors);
    expect(flat).toContain('"type":"too_small"');
    const nameError = (errors.event as unknown as { name: { ru: { type: string; message: string } } }).name.ru;
    expect(fieldErrorText(t, nameError as never)).toBe('Заполните поле.');
  });
});
