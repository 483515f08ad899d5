import { describe, expect, it } from 'vitest';
import type { AfishaEvent, AfishaResponse } from '../../../../contract/afisha.ts';
import {
  EMPTY_FILTERS,
  type Filters,
  indexCatalog,
  kindTags,
  nextPage,
  perPage,
  searchMatchesInOtherKinds,
  selectEvents,
  sessionTimes,
  showsTopMenu,
  visibleMenus,
} from './listing.ts';
import { monthWeeks } from './format.ts';
import { pickDay } from './date-range.ts';

const L = (ru: string, en = '') => ({ ru, en, kz: '', ch: '' });
const event = (id: number, over: Partial<AfishaEvent> = {}): AfishaEvent => ({
  event_id: id,
  hash: `h${id}`,
  menukind_id: 1,
  mainmenu_id: 10,
  submenu_id: null,
  name: L(`Событие ${id}`),
  descript: L(''),
  descript_url: L(''),
  image_url: L(''),
  image_id: L(''),
  age_from: 0,
  totalticketcount: 5,
  showticketcount: 1,
  showquant: 1,
  saledate: '',
  seatroot_id: 1,
  usepushkarta: 0,
  useseatsvg: 0,
  maybefree: 0,
  is_subscription: 0,
  eventsotrnum: id,
  notimes: 0,
  minprice: null,
  maxprice: null,
  ...over,
});
const day = (eventId: number, d: string, times = ['10:00']) => ({
  event_id: eventId,
  eventday: d.split('-').reverse().join('.'),
  day: d,
  eventtime: times[0] ?? '00:00',
  ticketcount: 5,
  quantity: 5,
  pricetype_id: 1,
  _time: times.map((t, i) => ({ calendar_id: eventId * 100 + i, eventtime: t, ticketcount: 5 })),
});

function answer(over: Partial<AfishaResponse> = {}): AfishaResponse {
  return {
    setup: { menu_first_notimes: 0, topmenu: 0 } as AfishaResponse['setup'],
    kind_menu: [
      {
        menukind_id: 1,
        menukindsortnum: 1,
        menukindname: L('Билеты'),
        menukindtype_id: 1,
        menucolumncount: 3,
        menurowcount: 2,
        showfiltercalendar: 1,
        showattribute: 1,
      },
      {
        menukind_id: 2,
        menukindsortnum: 2,
        menukindname: L('Концерты'),
        menukindtype_id: 3,
        menucolumncount: 2,
        menurowcount: 100,
        showfiltercalendar: 0,
        showattribute: 0,
      },
    ],
    main_menu: [
      { mainmenu_id: 10, menukind_id: 1, name: L('Выставки'), mainmenusortnum: 1, showimage: 0, image_url: '' },
      { mainmenu_id: 11, menukind_id: 1, name: L('Экскурсии'), mainmenusortnum: 2, showimage: 0, image_url: '' },
      { mainmenu_id: 20, menukind_id: 2, name: L('Органные'), mainmenusortnum: 1, showimage: 0, image_url: '' },
    ],
    sub_menu: [],
    calendar: [day(1, '2030-03-11'), day(1, '2030-03-12', ['10:00', '14:00']), day(2, '2030-03-20', ['00:00']), day(3, '2030-04-01')],
    venues: [{ seatroot_id: 1, name: L('Главное здание'), address: L('Невский, 1'), urlyandexmap: '' }],
    action: [
      event(1, { name: L('Ёлка в музее', 'Museum tree'), descript: L('<p>Праздник для <b>детей</b></p>') }),
      event(2, { mainmenu_id: 11, totalticketcount: 0, name: L('Экскурсия по залам') }),
      event(3, { totalticketcount: -99999, saledate: '2030-03-15T07:00:00.000Z', name: L('Новая выставка') }),
      event(4, { menukind_id: 2, mainmenu_id: 20, name: L('Орган') }),
    ],
    list_tags: [
      { attr_id: 1, attrname: L('Детям') },
      { attr_id: 2, attrname: L('Новое') },
      { attr_id: 3, attrname: L('Пушкинская карта') },
    ],
    event_tags: [
      { event_id: 1, attr_id: 1 },
      { event_id: 1, attr_id: 3 },
      { event_id: 3, attr_id: 2 },
      { event_id: 3, attr_id: 3 },
      { event_id: 4, attr_id: 2 },
    ],
    images: [],
    composition: [],
    ...over,
  };
}

const ids = (filters: Partial<Filters>, menuId?: number, lang: 'ru' | 'en' = 'ru') =>
  selectEvents(indexCatalog(answer()), { kindId: 1, menuId }, { ...EMPTY_FILTERS, ...filters }, lang).map((e) => e.event_id);

describe('selectEvents: every filter, and all combined', () => {
  it.each([
    { description: 'no filter: the whole kind in sort order', filters: {}, expected: [1, 2, 3] },
    { description: 'text in the name, ё written as е, any case', filters: { search: 'ЕЛКА' }, expected: [1] },
    { description: 'text in the description (tags stripped)', filters: { search: 'для детей' }, expected: [1] },
    { description: 'text in the venue address', filters: { search: 'невский' }, expected: [1, 2, 3] },
    { description: 'every word must match', filters: { search: 'елка орган' }, expected: [] },
    { description: 'from a date on', filters: { from: '2030-03-13' }, expected: [2, 3] },
    { description: 'a closed range', filters: { from: '2030-03-12', to: '2030-03-20' }, expected: [1, 2] },
    { description: 'up to a date', filters: { to: '2030-03-11' }, expected: [1] },
    { description: 'a tag', filters: { tags: [1] }, expected: [1] },
    { description: 'a tag two events carry', filters: { tags: [3] }, expected: [1, 3] },
    { description: 'each further tag narrows: events carrying every chosen tag', filters: { tags: [3, 1] }, expected: [1] },
    { description: 'two tags no event carries together: nothing', filters: { tags: [1, 2] }, expected: [] },
    { description: 'in stock only: not sold out, not before sales', filters: { inStock: true }, expected: [1] },
    { description: 'tag and dates combined', filters: { tags: [3], from: '2030-03-20' }, expected: [3] },
    {
      description: 'all four combined',
      filters: { tags: [3, 1], from: '2030-03-01', to: '2030-03-31', inStock: true, search: 'музее' },
      expected: [1],
    },
  ])('$description', ({ filters, expected }) => {
    expect(ids(filters)).toEqual(expected);
  });

  it('searches the names in the page language', () => {
    expect(ids({ search: 'museum' }, undefined, 'en')).toEqual([1]);
  });

  it('narrows to a menu', () => {
    expect(ids({}, 11)).toEqual([2]);
  });

  it('puts whole-day tickets first when setup menu_first_notimes is on', () => {
    const base = answer();
    const catalog = indexCatalog({
      ...base,
      setup: { ...base.setup, menu_first_notimes: 1 },
      action: base.action.map((e) => (e.event_id === 3 ? { ...e, notimes: 1 as const } : e)),
    });
    expect(selectEvents(catalog, { kindId: 1, menuId: undefined }, EMPTY_FILTERS, 'ru').map((e) => e.event_id)).toEqual([3, 1, 2]);
  });
});

describe('menus, tags and the top menu', () => {
  it('limits the sub-menu to menus with events carrying a chosen tag', () => {
    const catalog = indexCatalog(answer());
    expect(visibleMenus(catalog, 1, []).map((m) => m.mainmenu_id)).toEqual([10, 11]);
    expect(visibleMenus(catalog, 1, [1]).map((m) => m.mainmenu_id)).toEqual([10]);
    expect(visibleMenus(catalog, 1, [1, 2])).toEqual([]);
  });

  it('offers the tags of the kind only', () => {
    expect(kindTags(indexCatalog(answer()), 2).map((t) => t.attr_id)).toEqual([2]);
  });

  it('hides the top menu with one kind unless setup topmenu is on', () => {
    const one = answer({ kind_menu: answer().kind_menu.slice(0, 1) });
    expect(showsTopMenu(indexCatalog(answer()))).toBe(true);
    expect(showsTopMenu(indexCatalog(one))).toBe(false);
    expect(showsTopMenu(indexCatalog({ ...one, setup: { ...one.setup, topmenu: 1 } }))).toBe(true);
  });
});

describe('pagination', () => {
  it('pages by menurowcount, else 100', () => {
    const kinds = answer().kind_menu;
    expect(perPage(kinds[0])).toBe(2);
    expect(perPage(kinds[1])).toBe(100);
    expect(perPage(undefined)).toBe(100);
  });
  it.each([
    { total: 250, shown: 100, size: 100, expected: { next: 100, rest: 150 } },
    { total: 150, shown: 100, size: 100, expected: { next: 50, rest: 50 } },
    { total: 100, shown: 100, size: 100, expected: { next: 0, rest: 0 } },
  ])('$shown of $total shown -> next $expected.next of $expected.rest', ({ total, shown, size, expected }) => {
    expect(nextPage(total, shown, size)).toEqual(expected);
  });
});

describe('times and calendars', () => {
  it("lists distinct times, leaving out '00:00'", () => {
    expect(sessionTimes([day(1, '2030-03-11', ['14:00', '10:00']), day(1, '2030-03-12', ['10:00', '00:00'])])).toEqual(['10:00', '14:00']);
  });
  it('starts weeks on Monday in Russian and on Sunday in English', () => {
    expect(monthWeeks('2030-03', 'ru')[0]).toEqual(['', '', '', '', '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(monthWeeks('2030-03', 'en')[0]).toEqual(['', '', '', '', '', '2030-03-01', '2030-03-02']);
  });
  it.each([
    { range: { from: '', to: '' }, day: '2030-03-05', expected: { from: '2030-03-05', to: '' } },
    { range: { from: '2030-03-05', to: '' }, day: '2030-03-09', expected: { from: '2030-03-05', to: '2030-03-09' } },
    { range: { from: '2030-03-05', to: '' }, day: '2030-03-01', expected: { from: '2030-03-01', to: '' } },
    { range: { from: '2030-03-05', to: '2030-03-09' }, day: '2030-03-07', expected: { from: '2030-03-07', to: '' } },
  ])('picking $day after $range.from–$range.to', ({ range, day: d, expected }) => {
    expect(pickDay(range, d)).toEqual(expected);
  });
});

describe('searchMatchesInOtherKinds', () => {
  const catalog = indexCatalog(
    answer({
      action: [
        event(1, { name: L('Ёлка в музее', 'Museum tree') }),
        event(4, { menukind_id: 2, mainmenu_id: 20, name: L('Орган: Бах'), totalticketcount: 0 }),
        event(5, { menukind_id: 2, mainmenu_id: 20, name: L('Бах и Гендель') }),
      ],
    }),
  );
  it.each([
    {
      description: 'names the other kind with how many events the search finds there, sold out included',
      kindId: 1,
      search: 'бах',
      expected: [{ id: 2, count: 2 }],
    },
    {
      description: 'counts across every menu of the other kind, words in any order',
      kindId: 1,
      search: 'гендель бах',
      expected: [{ id: 2, count: 1 }],
    },
    { description: 'leaves out the chosen kind itself', kindId: 2, search: 'бах', expected: [] },
    { description: 'finds with ё written as е', kindId: 2, search: 'елка', expected: [{ id: 1, count: 1 }] },
    { description: 'says nothing without a search', kindId: 1, search: '  ', expected: [] },
    { description: 'says nothing when no kind matches', kindId: 1, search: 'моцарт', expected: [] },
  ])('$description', ({ kindId, search, expected }) => {
    expect(searchMatchesInOtherKinds(catalog, kindId, search, 'ru').map((m) => ({ id: m.kind.menukind_id, count: m.count }))).toEqual(
      expected,
    );
  });
});
