import type { ClipboardEvent, InputHTMLAttributes, Ref, SyntheticEvent } from 'react';
import { EmailInput } from '../email-input/email-input.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> & {
  id: string;
  label: string;
  /** The error text, already in the visitor's language; tied to the input for screen readers. */
  error?: string | undefined;
  /**
   * 'email' is an EmailInput (Latin as typed with the Russian layout); 'repeatEmail' too, typed
   * again rather than filled in or copied, since the repeat is there to catch a mistyped e-mail.
   */
  kind?: 'text' | 'email' | 'repeatEmail';
  ref?: Ref<HTMLInputElement>;
  /** A change event (typed, pasted) or, for the e-mails, the end of an input method's composition. */
  onChange?: (event: SyntheticEvent<HTMLInputElement>) => void;
};

const block = (event: ClipboardEvent) => event.preventDefault();

/** A labelled text input of the order forms with its error under it. */
export function TextField({ id, label, error, kind = 'text', ...input }: Props) {
  const props = {
    id,
    className: 'text-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...input,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {kind === 'text' ? (
        <input type="text" {...props} />
      ) : kind === 'email' ? (
        <EmailInput {...props} />
      ) : (
        <EmailInput {...props} autoComplete="off" onCut={block} onCopy={block} onPaste={block} />
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
