// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { useCardForm, useOpeningForm } from './card-form.tsx';
import { hasUnsavedChanges } from './unsaved-changes.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A form of three fields and a message, sent by useCardForm's submitWith; the action refuses as told. */
function TwoErrorsForm({ refuse }: { refuse: () => Error }) {
  const { busy, message, fields, submitWith } = useCardForm('Что-то пошло не так');
  const invalid = (name: string) => (fields[name] ? true : undefined);
  return (
    <form
      aria-label="Форма"
      onSubmit={submitWith(async () => {
        throw refuse();
      })}
    >
      <p role="alert">{message}</p>
      <input aria-label="Первое" aria-invalid={invalid('first')} />
      <input aria-label="Второе" aria-invalid={invalid('second')} />
      <button type="submit" disabled={busy}>
        Отправить
      </button>
    </form>
  );
}

const refusal = () => new ApiError('-1002', 'Проверьте поля', 400, { fields: [{ path: 'code', code: 'too_long' }] });

describe('useCardForm', () => {
  it('shows what the action answers, or a refusal: its fields and its text, and frees the form either way', async () => {
    const view = renderHook(() => useCardForm('Что-то пошло не так'));
    await act(() =>
      view.result.current.run(async () => {
        throw refusal();
      }),
    );
    expect(view.result.current.fields).toEqual({ code: 'too_long' });
    expect(view.result.current.message).toBe('Проверьте поля');
    expect(view.result.current.busy).toBe(false);
    let finish = (_: string) => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = view.result.current.run(() => new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(view.result.current.busy).toBe(true);
    expect(view.result.current.fields).toEqual({});
    expect(view.result.current.message).toBe('');
    await act(async () => {
      finish('Сохранено');
      await running;
    });
    expect(view.result.current.busy).toBe(false);
    expect(view.result.current.message).toBe('Сохранено');
  });

  it('says the generic text for a failure without a text of the server', async () => {
    const view = renderHook(() => useCardForm('Что-то пошло не так'));
    await act(() =>
      view.result.current.run(async () => {
        throw new TypeError('network');
      }),
    );
    expect(view.result.current.message).toBe('Что-то пошло не так');
  });
});

describe('useCardForm: the focus after a refusal', () => {
  // jsdom lays nothing out: scrolling into view is a no-op here, asserted by the browser test.
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;

  it('focuses the first invalid field in reading order, whatever order the server named them in', async () => {
    const twoFields = () =>
      new ApiError('-1002', 'Проверьте поля', 400, {
        fields: [
          { path: 'second', code: 'invalid' },
          { path: 'first', code: 'invalid' },
        ],
      });
    render(<TwoErrorsForm refuse={twoFields} />);
    screen.getByRole('button').focus();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Первое'));
    expect(scrolled).toHaveBeenCalled();
  });

  it("puts a focus lost under the disabled button on the refusal's message when no field is named", async () => {
    render(<TwoErrorsForm refuse={() => new ApiError('-1003', 'Нельзя', 409)} />);
    const button = screen.getByRole('button');
    button.focus();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
      // The button is disabled while the form is busy, and the browser drops its focus.
      button.blur();
    });
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe('Нельзя');
  });
});

describe('useOpeningForm', () => {
  it('forgets the last outcome when the form opens and moves the focus to its heading', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    document.body.append(heading);
    const view = renderHook(() => useOpeningForm('Что-то пошло не так'));
    await act(() =>
      view.result.current.run(async () => {
        throw refusal();
      }),
    );
    view.result.current.heading.current = heading;
    act(() => view.result.current.opened());
    expect(view.result.current.fields).toEqual({});
    expect(view.result.current.message).toBe('');
    // The heading is focused once the form is drawn, on the next frame.
    expect(document.activeElement).not.toBe(heading);
    for (const frame of frames.splice(0)) frame(0);
    expect(document.activeElement).toBe(heading);
    heading.remove();
  });
});

/** An editor card: its edits guarded until its save succeeds (or refused, still guarded). */
function EditorCard({ save }: { save: () => Promise<string> }) {
  const { message, submitWith, edits } = useCardForm();
  return (
    <form aria-label="Карточка" onSubmit={submitWith(save)} onInput={edits.onInput}>
      <p role="status">{message}</p>
      <input aria-label="Название" />
      <button type="submit">Сохранить</button>
    </form>
  );
}

describe('useCardForm: unsaved edits', () => {
  it('holds a typed change as unsaved through a refusal, and lets it go once a save succeeds', async () => {
    let answer: () => Promise<string> = () => Promise.reject(refusal());
    render(<EditorCard save={() => answer()} />);
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.input(screen.getByLabelText('Название'), { target: { value: 'Новое' } });
    expect(hasUnsavedChanges()).toBe(true);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Карточка' }));
    });
    expect(hasUnsavedChanges()).toBe(true);
    answer = () => Promise.resolve('Сохранено');
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Карточка' }));
    });
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Сохранено');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('lets go of the edits of a form no longer on the page', () => {
    const view = render(<EditorCard save={() => Promise.resolve('')} />);
    fireEvent.input(screen.getByLabelText('Название'), { target: { value: 'Новое' } });
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
