// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import halls from '../../../locales/ru/admin-halls.json' with { type: 'json' };
import { STATE_COLORS, STATE_MARKS } from './seat-states.ts';
import { StateLegend } from './state-legend.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { 'admin-halls': halls } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe('the seat states on the map and in its legend', () => {
  it('each state has a shape of its own besides its colour, so none relies on colour alone', () => {
    const marks = Object.values(STATE_MARKS);
    expect(new Set(marks).size).toBe(marks.length);
    expect(new Set(Object.values(STATE_COLORS)).size).toBe(marks.length);
  });

  it('the legend shows each state with the mark the map draws, and free seats as their zone colour', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <StateLegend />
      </I18nextProvider>,
    );
    const items = within(screen.getByRole('list', { name: 'Состояния мест' })).getAllByRole('listitem');
    expect(items.map((li) => [li.textContent, li.dataset.mark])).toEqual([
      ['Свободно — цвет ценовой зоны', 'none'],
      ['Забронировано', STATE_MARKS.held],
      ['Продано', STATE_MARKS.sold],
      ['Заблокировано', STATE_MARKS.blocked],
      ['Выбрано', 'none'],
    ]);
    // The mark is drawn: a ring is a white circle, a dash or a cross a white stroke.
    for (const li of items.slice(1, 4)) {
      const marks = li.querySelectorAll('svg [fill="#fff"], svg [stroke="#fff"]');
      expect(marks.length).toBe(1);
    }
  });
});
