import type { OrderDataResponse } from '../../../contract/nominal.ts';

const item = (id: number, flags: Partial<OrderDataResponse['response'][number]> = {}) => ({
  id,
  ord_num: 100001,
  action: { ru: 'Экскурсия' },
  day: '20.03.2026',
  time: '12:00',
  reservetime: 900,
  summa: 800,
  clientcategory: { ru: 'Взрослый' },
  needage: 2,
  needmiddlename: 0,
  needdocument: 1,
  needcountry: 1,
  needregion: 1,
  demandstatusid: 10,
  hash_id: 'h'.repeat(32),
  tickethash_id: `t${id}`,
  usereturn: 1,
  usepushkarta: 0,
  usenopushkarta: 1,
  ...flags,
});

/** An order-data answer with two tickets (birth date; age and middle name), two consents. */
export function orderDataFixture(): OrderDataResponse {
  return {
    errorCode: '0',
    errorText: '',
    response: [item(11), item(12, { needage: 1, needmiddlename: 1 })],
    text: {},
    checkboxList: [
      { id: 3, name: { ru: 'Согласие' }, url: {}, filling: 1 },
      { id: 7, name: { ru: 'Рассылка' }, url: {}, filling: 0 },
    ],
    docTypes: [1, 3, 4, 5, 6].map((id) => ({
      id,
      country_id: id === 6 ? null : 643,
      name: { ru: `Документ ${id}` },
      note: { ru: `Формат ${id}` },
    })),
    countries: [
      { id: 643, code: 'RU', sortnum: 1, name: { ru: 'Россия' } },
      { id: 492, code: 'MC', sortnum: 100, name: { ru: 'Монако' } },
    ],
    regions: [
      { id: 643077, country_id: 643, name: { ru: 'Москва' } },
      { id: 643078, country_id: 643, name: { ru: 'Санкт-Петербург' } },
    ],
    demsumma: 1600,
  };
}
