// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { useFormSave } from './use-form-save.ts';

afterEach(cleanup);

describe('useFormSave', () => {
  it('keeps a refusal: the fields it names and its text, and frees the form', async () => {
    const view = renderHook(() => useFormSave('Что-то пошло не так'));
    const refusal = new ApiError('-1002', 'Проверьте поля', 400, { fields: [{ path: 'code', code: 'too_long' }] });
    await act(() =>
      view.result.current.save(async () => {
        throw refusal;
      }),
    );
    expect(view.result.current.errors).toEqual({ code: 'too_long' });
    expect(view.result.current.message).toBe('Проверьте поля');
    expect(view.result.current.saving).toBe(false);
  });

  it('says the generic text for a failure that is not a refusal', async () => {
    const view = renderHook(() => useFormSave('Что-то пошло не так'));
    await act(() =>
      view.result.current.save(async () => {
        throw new TypeError('network');
      }),
    );
    expect(view.result.current.errors).toEqual({});
    expect(view.result.current.message).toBe('Что-то пошло не так');
  });

  it('is busy while the save runs and clears the last outcome when it starts', async () => {
    const view = renderHook(() => useFormSave('Что-то пошло не так'));
    await act(() =>
      view.result.current.save(async () => {
        throw new ApiError('-1002', 'Проверьте поля', 400, { fields: [{ path: 'email', code: 'invalid' }] });
      }),
    );
    let finish = () => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = view.result.current.save(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      );
    });
    expect(view.result.current.saving).toBe(true);
    expect(view.result.current.errors).toEqual({});
    expect(view.result.current.message).toBe('');
    await act(async () => {
      view.result.current.setMessage('Сохранено');
      finish();
      await running;
    });
    expect(view.result.current.saving).toBe(false);
    expect(view.result.current.message).toBe('Сохранено');
  });
});
