// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailInput } from './email-input.tsx';

afterEach(cleanup);

// The keys of ivan@example.ru with the Russian layout on (Shift+2 types '"' there).
const RUSSIAN_KEYS = 'шмфт"учфьздуюкг';

/** The event page's way: the value is React state (a Controller), set from each change. */
function Controlled({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <>
      {/* The label is test scaffolding, not UI text. */}
      <label htmlFor="email">E-mail</label>
      <EmailInput
        id="email"
        value={value}
        onChange={(event) => {
          seen.push(event.currentTarget.value);
          setValue(event.currentTarget.value);
        }}
      />
    </>
  );
}

/** The scheme cart's way: React Hook Form's register reads the field itself. */
function Registered({ seen }: { seen: string[] }) {
  const form = useForm({ defaultValues: { email: '' } });
  const { onChange, ...field } = form.register('email');
  return (
    <>
      <label htmlFor="email">E-mail</label>
      <EmailInput
        id="email"
        {...field}
        onChange={async (event) => {
          await onChange(event);
          seen.push(form.getValues('email'));
        }}
      />
    </>
  );
}

const forms = [
  { description: 'a controlled field', Form: Controlled },
  { description: "a field registered with React Hook Form's register", Form: Registered },
];

describe('EmailInput', () => {
  it.each(forms)('turns the Russian-layout keys Latin as they are typed, in $description', async ({ Form }) => {
    const seen: string[] = [];
    render(<Form seen={seen} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    await userEvent.type(input, RUSSIAN_KEYS);
    expect(input.value).toBe('ivan@example.ru');
    // The form holds Latin after every key, not only at the end.
    expect(seen.slice(0, 5)).toEqual(['i', 'iv', 'iva', 'ivan', 'ivan@']);
    expect(seen.at(-1)).toBe('ivan@example.ru');
  });

  it('keeps the caret where a key was typed in the middle', async () => {
    render(<Controlled seen={[]} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    await userEvent.type(input, 'ivan@example.ru');
    // 'щ' is the 'o' key: ivan → ivano, typed after the 'n'.
    await userEvent.type(input, 'щ', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input.value).toBe('ivano@example.ru');
    expect(input.selectionStart).toBe(5);
  });

  it('leaves the text alone while an input method composes and turns it Latin when the composition ends', () => {
    const seen: string[] = [];
    render(<Controlled seen={seen} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'шмфт' } });
    expect(input.value).toBe('шмфт');
    fireEvent.compositionEnd(input);
    expect(input.value).toBe('ivan');
    expect(seen).toEqual(['шмфт', 'ivan']);
  });

  it('is a text field with the e-mail keyboard, so Chromium does not turn a Cyrillic domain into punycode', () => {
    render(<Controlled seen={[]} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('type')).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocapitalize')).toBe('none');
  });
});
