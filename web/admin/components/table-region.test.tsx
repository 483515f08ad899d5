// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '../../locales/ru/admin.json' with { type: 'json' };
import { TableRegion } from './table-region.tsx';

// jsdom lays nothing out: the observer is driven by hand, and the box's widths are set per case.
let observed: (() => void)[] = [];
class FakeResizeObserver {
  private readonly callback: () => void;
  constructor(callback: () => void) {
    this.callback = callback;
  }
  observe() {
    observed.push(this.callback);
  }
  disconnect() {
    observed = observed.filter((callback) => callback !== this.callback);
  }
}

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { admin } }, interpolation: { escapeValue: false } });
});
// Stubbed per test: the unit project undoes every test's stubs after it (vitest.config.ts).
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  cleanup();
  observed = [];
});

function renderBox() {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <TableRegion name="Сотрудники">
        <table>
          <tbody>
            <tr>
              <td>Анна</td>
            </tr>
          </tbody>
        </table>
      </TableRegion>
    </I18nextProvider>,
  );
  const box = view.container.firstElementChild as HTMLElement;
  const resize = (scrollWidth: number, clientWidth: number) => {
    Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
    Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
    act(() => {
      for (const callback of observed) callback();
    });
  };
  return { box, resize };
}

describe('TableRegion', () => {
  it.each([
    { description: 'a table that fits is no region and no tab stop', scrollWidth: 600, clientWidth: 600, region: false },
    { description: 'half a pixel of rounding is still a fit', scrollWidth: 601, clientWidth: 600, region: false },
    {
      description: 'a table wider than its box is a named region the keyboard can focus',
      scrollWidth: 707,
      clientWidth: 288,
      region: true,
    },
  ])('$description', ({ scrollWidth, clientWidth, region }) => {
    const { box, resize } = renderBox();
    resize(scrollWidth, clientWidth);
    expect(screen.queryByRole('region', { name: 'Таблица «Сотрудники», прокручивается вбок' }) !== null).toBe(region);
    expect(box.getAttribute('tabindex')).toBe(region ? '0' : null);
    expect(box.className).toBe('admin-table-wrap');
  });

  it('follows the screen: a region while narrow, a plain box again once the table fits', () => {
    const { box, resize } = renderBox();
    resize(707, 288);
    expect(box.getAttribute('role')).toBe('region');
    resize(707, 960);
    expect(box.getAttribute('role')).toBeNull();
    expect(box.getAttribute('tabindex')).toBeNull();
    expect(box.getAttribute('aria-label')).toBeNull();
  });
});
