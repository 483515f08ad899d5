// @vitest-environment jsdom
import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it.each([
    { kind: 'text' as const, autoComplete: 'name', pasteBlocked: false },
    { kind: 'email' as const, autoComplete: 'email', pasteBlocked: false },
    { kind: 'repeatEmail' as const, autoComplete: 'off', pasteBlocked: true },
  ])('$kind: autocomplete $autoComplete, paste blocked $pasteBlocked', ({ kind, autoComplete, pasteBlocked }) => {
    render(<TextField id="f" label="Поле" kind={kind} autoComplete={autoComplete} error="Ошибка" />);
    const input = screen.getByRole('textbox', { name: 'Поле' });
    expect(input.getAttribute('autocomplete')).toBe(autoComplete);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-error');
    expect(document.getElementById('f-error')?.textContent).toBe('Ошибка');
    const paste = createEvent.paste(input);
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(pasteBlocked);
  });

  it('shows no error and ties nothing when there is none', () => {
    render(<TextField id="g" label="Имя" />);
    const input = screen.getByRole('textbox', { name: 'Имя' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
