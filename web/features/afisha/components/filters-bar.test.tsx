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

describe('filters bar: the phone fold', () => {
  const toggle = () => screen.getByRole('button', { name: /^Фильтры/ });

  it('is a disclosure button controlling the fold, closed at first, and opens and closes on click', async () => {
    await renderBar(EMPTY_FILTERS);
    expect(toggle().getAttribute('aria-label')).toBe('Фильтры');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const fold = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(fold?.contains(reset())).toBe(true);
    expect(fold?.classList.contains('afisha-filters__fold--open')).toBe(false);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(fold?.classList.contains('afisha-filters__fold--open')).toBe(true);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the search outside the fold', async () => {
    await renderBar(EMPTY_FILTERS);
    const fold = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(fold?.contains(screen.getByRole('searchbox'))).toBe(false);
  });

  it.each([
    { description: 'a search only (it stays in sight)', filters: { ...EMPTY_FILTERS, search: 'ночь' }, name: 'Фильтры' },
    { description: 'a date range', filters: { ...EMPTY_FILTERS, from: '2030-06-10', to: '2030-06-12' }, name: 'Фильтры (1)' },
    { description: 'two tags and in stock', filters: { ...EMPTY_FILTERS, tags: [3, 4], inStock: true }, name: 'Фильтры (3)' },
  ])('counts the folded filters: $description', async ({ filters, name }) => {
    await renderBar(filters);
    expect(toggle().getAttribute('aria-label')).toBe(name);
    expect(toggle().textContent).toBe(name === 'Фильтры' ? 'Фильтры' : `Фильтры${name.slice(9, -1)}`);
  });
});
