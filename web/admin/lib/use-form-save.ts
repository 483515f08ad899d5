import { useRef, useState } from 'react';
import { type FieldErrors, fieldErrorsOf, messageOf } from './field-errors.ts';

/**
 * The state a back-office form page keeps around its one open form: the server's field errors, the
 * status line, the busy flag and the form's heading. `opened()` clears the last outcome and moves
 * the focus to the heading, because the form opens above the list and keyboard and screen reader
 * users must land in it. `save(work)` runs one save: busy meanwhile, a refusal's field errors and
 * text (or `generic`) kept for the form, the buttons freed however it ended.
 */
export function useFormSave(generic: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  function opened() {
    setErrors({});
    setMessage('');
    requestAnimationFrame(() => heading.current?.focus());
  }

  async function save(work: () => Promise<void>) {
    setSaving(true);
    setErrors({});
    setMessage('');
    try {
      await work();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setMessage(messageOf(error, generic));
    } finally {
      setSaving(false);
    }
  }

  return { errors, message, setMessage, saving, heading, opened, save };
}
