/** The outcome of a form's last save, as its page holds it. */
export type FormOutcome = { kind: 'error' | 'done'; text: string } | null;

/**
 * The line under a form that says how its save went: an alert for a refusal, a status otherwise,
 * always rendered so a screen reader is already listening when the text arrives.
 */
export function FormMessage({ id, message }: { id: string; message: FormOutcome }) {
  return (
    <p
      id={id}
      role={message?.kind === 'error' ? 'alert' : 'status'}
      className={message?.kind === 'error' ? 'admin-catalog__error' : 'admin-message'}
    >
      {message?.text ?? ''}
    </p>
  );
}
