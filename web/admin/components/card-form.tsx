import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorsOf, messageOf } from '../lib/field-errors.ts';
import { FormField } from '../app/form-field.tsx';
import { focusWasLost, useFocusFirstInvalid } from './use-focus-first-invalid.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';

/** A form's outcome line (an alert or status with text), else its submit button: where a lost focus goes back to. */
function outcomeOf(form: HTMLFormElement | null): HTMLElement | null {
  if (!form?.isConnected || !focusWasLost()) return null;
  const message = [...form.querySelectorAll<HTMLElement>('[role="alert"], [role="status"]')].find((node) => node.textContent?.trim());
  if (message) {
    if (!message.hasAttribute('tabindex')) message.tabIndex = -1;
    return message;
  }
  return form.querySelector<HTMLElement>('[type="submit"]:not(:disabled)');
}

/**
 * The state of a back-office form sent in one call: `run` clears the last outcome, sends, and shows
 * either the message the call's action returns or the server's refusal (its text, and each field
 * error beside its field). `generic`: the message of a failure without a text of the server's.
 * The form sent (by `submitWith`, or the one holding the focus) then keeps the keyboard's place:
 * a refusal focuses its first invalid field in reading order, and a focus lost while the form was
 * busy (its button disabled under it) goes to the outcome's message.
 * An editor spreads `edits` on its <form>: a change typed there is unsaved until a call succeeds,
 * and leaving the page asks first while the form is still on it.
 */
export function useCardForm(generic?: string) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const edited = useRef<HTMLFormElement | null>(null);
  useUnsavedChanges(dirty, () => edited.current?.isConnected === true);
  const edits = {
    onInput: (event: FormEvent<HTMLFormElement>) => {
      edited.current = event.currentTarget;
      setDirty(true);
    },
  };
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement | null>(null);
  const submitting = useRef(false);
  const focusOutcome = useFocusFirstInvalid(form, fields, { fallback: () => outcomeOf(form.current) });
  const run = async (action: () => Promise<string>) => {
    // The form being sent: submitWith names it; otherwise the one holding the focus (the button pressed, the field Enter was pressed in).
    if (!submitting.current) form.current = document.activeElement?.closest('form') ?? null;
    submitting.current = false;
    setBusy(true);
    setMessage('');
    setFields({});
    try {
      setMessage(await action());
      setDirty(false);
    } catch (failure) {
      setFields(fieldErrorsOf(failure));
      setMessage(messageOf(failure, generic ?? t('errors.generic')));
    } finally {
      setBusy(false);
      focusOutcome();
    }
  };
  /** A form's onSubmit that sends `action` through `run` instead of the browser's own submit. */
  const submitWith = (action: () => Promise<string>) => (event: FormEvent) => {
    event.preventDefault();
    form.current = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    submitting.current = true;
    void run(action);
  };
  /** Forgets the last outcome (a form opened afresh). */
  const clear = () => {
    setMessage('');
    setFields({});
    setDirty(false);
  };
  return { busy, message, setMessage, fields, run, submitWith, clear, edits, dirty };
}

/**
 * useCardForm for a form that opens above a list: `opened()` forgets the last outcome and moves the
 * focus to the form's heading (`heading`), so keyboard and screen reader users land in the form.
 */
export function useOpeningForm(generic?: string) {
  const form = useCardForm(generic);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = () => {
    form.clear();
    requestAnimationFrame(() => heading.current?.focus());
  };
  return { ...form, heading, opened };
}

/** A back-office card: a group named by its heading. */
export function Card({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="admin-card admin-stack" role="group" aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {heading}
      </h2>
      {children}
    </div>
  );
}

type CardFormProps = {
  heading: string;
  submitLabel: string;
  /** useCardForm's state (with its `edits`, the card's changes are guarded until saved). */
  form: { busy: boolean; message: string; edits?: { onInput: (event: FormEvent<HTMLFormElement>) => void } };
  onSubmit: () => void;
  children: ReactNode;
};

/** A back-office card with a heading, the outcome announced politely, the fields and one submit button. */
export function CardForm({ heading, submitLabel, form, onSubmit, children }: CardFormProps) {
  const id = useId();
  return (
    <form
      className="admin-card admin-stack"
      noValidate
      aria-labelledby={`${id}-h`}
      onInput={form.edits?.onInput}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="admin-subheading" id={`${id}-h`}>
        {heading}
      </h2>
      <p className="admin-message" role="status">
        {form.message}
      </p>
      {children}
      <button className="admin-button" type="submit" disabled={form.busy}>
        {submitLabel}
      </button>
    </form>
  );
}

type PasswordFieldProps = {
  id: string;
  label: string;
  /** The password rules, under the field. */
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/** A new password (the member's own, or one the owner sets for a new member): never filled in from a saved one. */
export function NewPasswordField({ id, label, hint, value, onChange, error }: PasswordFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
