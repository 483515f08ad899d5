// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type SchemeMapResponse, deltaEncode } from '../../../../contract/scheme.ts';
import { Providers, createQueryClient } from '../../../app/providers.tsx';
import { setupQueryOptions } from '../../../lib/api.ts';
import { buildSeatModel } from '../../../lib/seat-map/seat-model.ts';
import { setupFixture } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/render-app.tsx';
import { SeatCard } from '../../../components/seat-map/seat-card.tsx';
import { createSeatLookup } from '../../../components/seat-map/seat-info.ts';
import { SeatList } from '../../../components/seat-map/seat-list.tsx';

afterEach(cleanup);

const STUDENT = { ru: 'Студенческий билет (очной формы обучения)', en: 'Student card (full-time)' };

/** One row of two free seats in a zone sold to adults (no document) and to students (a concession). */
function hall(): SchemeMapResponse {
  return {
    errorCode: '0',
    errorText: '',
    calendar_id: 1,
    svg: '<svg/>',
    width: 50,
    height: 20,
    seat_size: 10,
    sectors: [{ sector_id: 1, name: { ru: 'Партер' } }],
    seat_numbers: [
      {
        sector_id: 1,
        row: '1',
        seat_id: deltaEncode([11, 12]),
        x: deltaEncode([100, 200]),
        y: deltaEncode([100, 100]),
        seat: ['1', '2'],
        zone_id: [5, 5],
        free: [1, 1],
      },
    ],
    seat_stand: [],
    zones: [
      {
        zone_id: 5,
        name: { ru: 'Партер' },
        level_name: {},
        color: '#ff0000',
        prices: [
          { price_id: 1, clientcategory_id: 1, category: { ru: 'Взрослый' }, price: 1000, priceservise: 0, document: {} },
          { price_id: 2, clientcategory_id: 2, category: { ru: 'Студенческий' }, price: 500, priceservise: 0, document: STUDENT },
        ],
      },
    ],
  };
}

async function show(node: ReactNode, lang: 'ru' | 'en' = 'ru') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(setupQueryOptions().queryKey, setupFixture());
  const i18n = await createTestI18n(lang);
  return render(
    <Providers queryClient={queryClient} i18n={i18n}>
      {node}
    </Providers>,
  );
}

const answer = hall();
const model = buildSeatModel(answer);
const lookup = createSeatLookup(answer, model);

describe("the seat map's price choice", () => {
  it('names the document of a concession price in the seat’s card, and none for an ordinary one', async () => {
    await show(<SeatCard info={lookup(0)} chosen={false} actions={false} onChoose={() => {}} />);
    // The card is drawn once the note shows (findAllByRole would settle for the first item it met).
    const note = await screen.findByText('При входе предъявите: Студенческий билет (очной формы обучения)');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [adult, student] = items;
    expect(adult?.textContent).not.toContain('предъявите');
    expect(student?.contains(note)).toBe(true);
  });

  it('says the document in the name of the concession’s choose button, in the visitor’s language', async () => {
    const chosen: unknown[] = [];
    await show(<SeatCard info={lookup(0)} chosen={false} actions onChoose={(price) => chosen.push(price?.price_id)} />, 'en');
    const button = await screen.findByRole('button', { name: /Show at the entrance: Student card \(full-time\)/ });
    expect(screen.getAllByRole('button', { name: /Show at the entrance/ })).toHaveLength(1);
    fireEvent.click(button);
    expect(chosen).toEqual([2]);
  });

  it('names the chosen category’s document in the seat list, and none once an ordinary category is chosen', async () => {
    await show(<SeatList model={model} sectors={answer.sectors} lookup={lookup} selected={new Set()} onToggle={() => {}} />);
    const category = await screen.findByLabelText('Категория');
    expect(screen.queryByText(/При входе предъявите/)).toBeNull();
    fireEvent.change(category, { target: { value: '2' } });
    expect(screen.getByText('При входе предъявите: Студенческий билет (очной формы обучения)')).toBeTruthy();
    fireEvent.change(category, { target: { value: '1' } });
    expect(screen.queryByText(/При входе предъявите/)).toBeNull();
  });
});
