// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysBetween } from '../features/checkin-devices/devices-page.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('is a named, described dialog whose confirm and cancel each call their own handler', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Сделать Кирилла владельцем?"
        confirmLabel="Да, сделать владельцем"
        cancelLabel="Отмена"
        serious
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>Кирилл: «Контролёр» → «Владелец».</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Сделать Кирилла владельцем?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Кирилл: «Контролёр» → «Владелец».');
    expect(dialog.className).toContain('admin-dialog--serious');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Да, сделать владельцем' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('backs out on Escape (the cancel event), but not while busy', () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmDialog title="Отключить?" confirmLabel="Отключить" cancelLabel="Отмена" onConfirm={() => undefined} onCancel={onCancel}>
        <p>Сеансы завершатся.</p>
      </ConfirmDialog>,
    );
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog title="Отключить?" confirmLabel="Отключить" cancelLabel="Отмена" busy onConfirm={() => undefined} onCancel={onCancel}>
        <p>Сеансы завершатся.</p>
      </ConfirmDialog>,
    );
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe("daysBetween (a door key's days)", () => {
  it('lists venue dates both included, across a month and a DST change, at most 31, none when reversed', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(daysBetween('2026-12-05', '2026-12-05')).toEqual(['2026-12-05']);
    expect(daysBetween('2026-01-01', '2026-12-31')).toHaveLength(31);
    expect(daysBetween('2026-12-05', '2026-12-04')).toEqual([]);
    expect(daysBetween('', '2026-12-04')).toEqual([]);
  });
});
