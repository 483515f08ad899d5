// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StackedTable } from './stacked-table.tsx';

afterEach(cleanup);

type Row = { id: number; name: string; seats: number };
const rows: Row[] = [
  { id: 1, name: 'Анна', seats: 2 },
  { id: 2, name: 'Борис', seats: 5 },
];

describe('StackedTable', () => {
  it('labels every cell with its column and hides a hidden label from sight only', () => {
    render(
      <StackedTable
        caption="Заказы"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { label: 'Выбрать', labelHidden: true, cell: (row) => <input type="checkbox" aria-label={`Выбрать ${row.name}`} /> },
          { label: 'Имя', cell: (row) => row.name },
          { label: 'Места', cell: (row) => row.seats },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Заказы' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Выбрать', 'Имя', 'Места']);
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two rows of data expected');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => [td.getAttribute('data-label'), td.textContent]),
    ).toEqual([
      [null, ''],
      ['Имя', 'Анна'],
      ['Места', '2'],
    ]);
    expect(within(second).getByRole('checkbox', { name: 'Выбрать Борис' })).toBeTruthy();
    expect(within(table).getByText('Выбрать').className).toBe('admin-visually-hidden');
  });
});
