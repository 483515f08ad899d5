// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KindMenuEntry } from '../../../../contract/afisha.ts';
import { createTestI18n } from '../../../test/render-app.tsx';
import { EMPTY_FILTERS, type Filters } from '../model/listing.ts';
import { FiltersBar } from './filters-bar.tsx';

afterEach(cleanup);

const kind: KindMenuEntry = {
  menukind_id: 1,
  menukindsortnum: 1,
  menukindname: { ru: 'Музей', en: '', kz: '', ch: '' },
  menukindtype_id: 1,
  menucolumncount: 3,
  menurowcount: 2,
  showfiltercalendar: 0,
  showattribute: 0,
};

async function renderBar(filters: Filters) {
  const i18n = await createTestI18n('ru');
  await i18n.loadNamespaces('afisha');
  const onReset = vi.fn();
  const bar = (value: Filters) => (
    <I18nextProvider i18n={i18n}>
      <FiltersBar kind={kind} filters={value} tags={[]} days={[]} lang="ru" onChange={() => {}} onToggleTag={() => {}} onReset={onReset} />
    </I18nextProvider>
  );
  const view = render(bar(filters));
  return { onReset, rerender: (value: Filters) => view.rerender(bar(value)) };
}

const reset = () => screen.getByRole('button', { name: 'Сбросить фильтры' });

describe('filters bar: the reset link', () => {
  it('is there with nothing to reset, disabled: aria-disabled, out of the Tab order, and a click does nothing', async () => {
    const { onReset } = await renderBar(EMPTY_FILTERS);
    expect(reset().getAttribute('aria-disabled')).toBe('true');
    expect(reset().tabIndex).toBe(-1);
    fireEvent.click(reset());
    expect(onReset).not.toHaveBeenCalled();
  });

  it.each([
    { description: 'a search', filters: { ...EMPTY_FILTERS, search: 'ночь' } },
    { description: 'a date', filters: { ...EMPTY_FILTERS, from: '2030-06-10' } },
    { description: 'a tag', filters: { ...EMPTY_FILTERS, tags: [3] } },
    { description: 'in stock only', filters: { ...EMPTY_FILTERS, inStock: true } },
  ])('is enabled by $description, in the Tab order, and resets', async ({ filters }) => {
    const { onReset } = await renderBar(filters);
    expect(reset().hasAttribute('aria-disabled')).toBe(false);
    expect(reset().tabIndex).toBe(0);
    fireEvent.click(reset());
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('is the same element before and after a filter is set, and keeps the focus when the reset disables it', async () => {
    const { rerender } = await renderBar({ ...EMPTY_FILTERS, inStock: true });
    const button = reset();
    button.focus();
    rerender(EMPTY_FILTERS);
    expect(reset()).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });
});
