import { describe, expect, it } from 'vitest';
import type { ReturnRow } from '../../../../contract/returns.ts';
import { externalFormUrl, footerHidden, groupRows, isSelectable, sumRoubles } from './return-logic.ts';

const row = (over: Partial<ReturnRow>): ReturnRow => ({
  id: 1,
  status_id: 0,
  ord_num: 1,
  datime: '',
  owner_name: '',
  email: '',
  phone: '',
  returndatime: 100,
  returnreason_id: 0,
  quant: 1,
  summa: 500,
  refund: 500,
  sortnum: 1,
  action: { ru: '', en: '', kz: '', ch: '' },
  day: '',
  time: '',
  zonelevel: { ru: '', en: '', kz: '', ch: '' },
  category: { ru: '', en: '', kz: '', ch: '' },
  place: { ru: '', en: '', kz: '', ch: '' },
  name: '',
  used: 0,
  ...over,
});

describe('isSelectable', () => {
  it.each([
    { description: 'status 0 with time left', r: row({}), expired: false, selectable: true },
    { description: 'status 0, group time over', r: row({}), expired: true, selectable: false },
    { description: 'returndatime 0', r: row({ returndatime: 0 }), expired: false, selectable: false },
    { description: 'returndatime below 0', r: row({ returndatime: -5 }), expired: false, selectable: false },
    { description: 'requested (60)', r: row({ status_id: 60 }), expired: false, selectable: false },
    { description: 'returned (70)', r: row({ status_id: 70 }), expired: false, selectable: false },
    { description: 'returned, refund pending (80)', r: row({ status_id: 80 }), expired: false, selectable: false },
    { description: 'admitted at the door (used)', r: row({ used: 1 }), expired: false, selectable: false },
  ])('$description → $selectable', ({ r, expired, selectable }) => {
    expect(isSelectable(r, expired)).toBe(selectable);
  });
});

describe('footerHidden', () => {
  it.each([
    { description: 'all 70', statuses: [70, 70], hidden: true },
    { description: 'one 80', statuses: [70, 80], hidden: false },
    { description: 'one still returnable', statuses: [70, 0], hidden: false },
    { description: 'no rows', statuses: [], hidden: false },
  ])('$description → $hidden', ({ statuses, hidden }) => {
    expect(footerHidden(statuses.map((status_id) => row({ status_id })))).toBe(hidden);
  });
});

describe('helpers', () => {
  it('groups rows by sortnum in order', () => {
    const groups = groupRows([row({ id: 1, sortnum: 1 }), row({ id: 2, sortnum: 2 }), row({ id: 3, sortnum: 1 })]);
    expect(groups.map((g) => [g.sortnum, g.rows.map((r) => r.id)])).toEqual([
      [1, [1, 3]],
      [2, [2]],
    ]);
  });
  it('sums roubles exactly', () => {
    expect(sumRoubles([0.1, 0.2, 265.35])).toBe(265.65);
  });
  it('fills the external form URL', () => {
    expect(externalFormUrl('https://v.example/r?o={ord_num}&h={hash}', 'abc', 100001)).toBe('https://v.example/r?o=100001&h=abc');
  });
});
