import type { FieldError } from 'react-hook-form';

/** The error React Hook Form holds at a dotted path (`prices.0.amount`), if any. */
export function errorAt(errors: unknown, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node && typeof node === 'object' && 'type' in node ? (node as FieldError) : undefined;
}

/**
 * What a control at a dotted path needs: its id, its invalid state and the message under it, tied
 * to it for screen readers. `textOf` words the error in the page's own catalog.
 */
export function fieldAt(errors: unknown, idPrefix: string, path: string, textOf: (error: FieldError) => string | undefined) {
  const error = errorAt(errors, path);
  const described = error ? `${idPrefix}-${path}-error` : undefined;
  return {
    attrs: { id: `${idPrefix}-${path}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': described },
    message: error ? (
      <p className="admin-field__error" id={described}>
        {textOf(error)}
      </p>
    ) : null,
  };
}
