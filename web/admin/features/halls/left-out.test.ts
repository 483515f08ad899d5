import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { HALL_LEFT_OUT_KINDS, type HallLeftOutEntry } from '../../../../contract/admin/halls.ts';
import { LANGS } from '../../../../contract/lang.ts';
import ch from '../../../locales/ch/admin-halls.json' with { type: 'json' };
import en from '../../../locales/en/admin-halls.json' with { type: 'json' };
import kz from '../../../locales/kz/admin-halls.json' with { type: 'json' };
import ru from '../../../locales/ru/admin-halls.json' with { type: 'json' };
import { leftOutLines } from './left-out.ts';

async function hallsT(lang: (typeof LANGS)[number]): Promise<TFunction<'admin-halls'>> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: false,
    ns: ['admin-halls'],
    defaultNS: 'admin-halls',
    interpolation: { escapeValue: false },
    resources: { [lang]: { 'admin-halls': { ru, en, kz, ch }[lang] } },
  });
  return instance.getFixedT(lang, 'admin-halls');
}

const e = (entry: Partial<HallLeftOutEntry> & Pick<HallLeftOutEntry, 'kind'>): HallLeftOutEntry => ({
  name: null,
  shape: null,
  value: null,
  count: 1,
  ...entry,
});

describe('leftOutLines', () => {
  it('says the areas left out in one sentence, named, with the reason', async () => {
    const t = await hallsT('ru');
    const areas = [
      e({ kind: 'area', name: 'бар', shape: 'rectangle' }),
      e({ kind: 'area', name: 'стол 1', shape: 'circle' }),
      e({ kind: 'area', name: 'стол 2', shape: 'circle' }),
    ];
    expect(leftOutLines(t, areas)).toEqual(['Не перенесено: 3 области (бар, стол 1, стол 2): на нашей схеме зала нет произвольных фигур']);
    expect(leftOutLines(t, [e({ kind: 'area', shape: 'circle' })])).toEqual([
      'Не перенесено: 1 область (круг): на нашей схеме зала нет произвольных фигур',
    ]);
    const many = Array.from({ length: 12 }, (_, i) => e({ kind: 'area', name: `стол ${i + 1}`, shape: 'circle' }));
    expect(leftOutLines(t, many)[0]).toMatch(/^Не перенесено: 12 областей \(стол 1, .*, стол 10, и ещё 2\): /);
  });

  it('says a stage drawn as its box, seat sizes, phrases and colours, one line each, in the kinds order', async () => {
    const t = await hallsT('en');
    const lines = leftOutLines(t, [
      e({ kind: 'category-color', name: 'Rang', value: 'navy' }),
      e({ kind: 'seat-radius', value: '8', count: 2 }),
      e({ kind: 'seat-radius', value: '12', count: 1 }),
      e({ kind: 'stage-shape', name: 'Stage', shape: 'rectangle', value: '30' }),
      e({ kind: 'row-label', value: 'Reihe %s', count: 4 }),
    ]);
    expect(lines).toEqual([
      'The stage “Stage” (rectangle, turned 30°) is drawn as the upright rectangle around it: our map draws the stage as an upright rectangle',
      'Not carried over: seat size (radius 8, 12; seats: 3): our map draws all seats the same size, from their spacing',
      'Not carried over: row labels (Reihe %s; rows: 4): our map names a row by its number',
      'Not carried over: the colour of category “Rang” (navy): a #rrggbb colour is needed, the default colour is used',
    ]);
  });

  it.each(LANGS.map((lang) => ({ lang })))('$lang has a sentence for every kind, with no key or placeholder showing', async ({ lang }) => {
    const t = await hallsT(lang);
    const lines = leftOutLines(
      t,
      HALL_LEFT_OUT_KINDS.map((kind) =>
        e({
          kind,
          name: 'N',
          shape: kind === 'area' || kind === 'stage-shape' ? 'ellipse' : null,
          value: kind === 'area' ? null : 'V',
          count: 2,
        }),
      ),
    );
    expect(lines).toHaveLength(HALL_LEFT_OUT_KINDS.length);
    for (const line of lines) {
      expect(line).not.toMatch(/import\.|\{\{|leftOut/);
    }
  });
});
