import { describe, expect, it } from 'vitest';
import { SIMPLE_ENTRY_KINDS, simpleEntrySchemas } from '../../../../contract/admin/catalog.ts';
import { ENTRY_FIELDS, blankEntry } from './entry-kinds.ts';

// The form starts from blankEntry and edits the fields ENTRY_FIELDS lists: both must be the schema's own.
describe('the entry forms and the contract schemas', () => {
  it.each(SIMPLE_ENTRY_KINDS)('%s: a blank entry is refused only for what the member must fill in', (kind) => {
    const blank = blankEntry(kind, { kindId: 1, mainMenuId: 1 });
    const refused = simpleEntrySchemas[kind].safeParse(blank);
    expect(refused.success).toBe(false);
    const paths = refused.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual((kind === 'venues' ? ['address.ru', 'name.ru'] : kind === 'rules' ? ['name.ru', 'slug'] : ['name.ru']).sort());
    const filled = {
      ...blank,
      name: { ru: 'Имя' },
      ...(kind === 'venues' ? { address: { ru: 'Адрес' } } : {}),
      ...(kind === 'rules' ? { slug: 'house-rules' } : {}),
    };
    expect(simpleEntrySchemas[kind].safeParse(filled).success).toBe(true);
  });

  it.each(SIMPLE_ENTRY_KINDS)('%s: every field the form shows is a field of the schema', (kind) => {
    const keys = Object.keys(simpleEntrySchemas[kind].shape);
    for (const field of ENTRY_FIELDS[kind]) expect(keys).toContain(field.key);
  });
});
