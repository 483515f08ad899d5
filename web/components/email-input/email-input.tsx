import { type InputHTMLAttributes, type Ref, type SyntheticEvent, useRef } from 'react';
import { convertCyrillicLayout } from '../../../contract/buyer-format.ts';

type EmailInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'spellCheck' | 'autoCapitalize' | 'autoCorrect' | 'onChange'
> & {
  ref?: Ref<HTMLInputElement>;
  /**
   * The value changed: typed or pasted (a change event), or turned Latin when an input method's
   * composition ended (a composition event). React Hook Form's `register` and `field.onChange`
   * take either, since both carry the input as their target.
   */
  onChange?: (event: SyntheticEvent<HTMLInputElement>) => void;
};

/** Rewrites the field's text typed with the Russian layout to Latin, keeping the caret; true when it changed. */
function latinize(input: HTMLInputElement): boolean {
  const converted = convertCyrillicLayout(input.value);
  if (converted === input.value) return false;
  const { selectionStart, selectionEnd, selectionDirection } = input;
  input.value = converted;
  // One character for one, so the caret stays where the visitor typed, also mid-text.
  if (selectionStart !== null && selectionEnd !== null)
    input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
  return true;
}

/**
 * An e-mail field whose text typed with the Russian keyboard layout turns Latin as it is typed
 * (typed with the Russian layout, 'шмфт"учфьздуюкг' becomes 'ivan@example.ru'). It is a text input with the
 * e-mail keyboard, not type="email": Chromium rewrites the Cyrillic domain of an e-mail input
 * to punycode ('ivan@xn--…') before any handler runs, so the keys typed after '@' could no
 * longer be converted. While an input method composes (Android keyboards do so word by word)
 * the text is left alone, because rewriting it then breaks the composition; it turns Latin when
 * the composition ends.
 */
export function EmailInput({ onChange, onCompositionStart, onCompositionEnd, autoComplete = 'email', ...props }: EmailInputProps) {
  const composing = useRef(false);
  return (
    <input
      {...props}
      type="text"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      onCompositionStart={(event) => {
        composing.current = true;
        onCompositionStart?.(event);
      }}
      onCompositionEnd={(event) => {
        composing.current = false;
        onCompositionEnd?.(event);
        if (latinize(event.currentTarget)) onChange?.(event);
      }}
      onChange={(event) => {
        if (!composing.current) latinize(event.currentTarget);
        onChange?.(event);
      }}
    />
  );
}
