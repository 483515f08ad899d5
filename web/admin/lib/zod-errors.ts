import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Bounded = { code: string; origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean };

/**
 * The message of a size issue as its bound ('string:1:inclusive'), so the form can say "fill in
 * the field" for an empty name and "not less than 0" for −100 instead of one text for both; the
 * schema's own messages (refinements) stay as they are.
 */
function boundMessage(iss: Bounded): string | undefined {
  if (iss.code !== 'too_small' && iss.code !== 'too_big') return undefined;
  const bound = iss.code === 'too_small' ? iss.minimum : iss.maximum;
  return `${iss.origin ?? ''}:${String(bound)}:${iss.inclusive === false ? 'exclusive' : 'inclusive'}`;
}

/** zodResolver with the size issues' bounds kept for errorTextOf. */
export function boundsResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: (iss) => boundMessage(iss as unknown as Bounded) }) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
}

const NUMBERS = new Set(['number', 'int', 'bigint']);

/**
 * The key of the catalog's fieldErrors text for a field error of the form's schema, with its
 * parameters: an empty text or list is "fill in", a number names its bound, a text its length.
 */
export function fieldErrorKey(error: Pick<FieldError, 'type' | 'message'>): { key: string; params?: Record<string, string> } {
  const [origin = '', bound = '', inclusive = 'inclusive'] = (error.message ?? '').split(':');
  const small = error.type === 'too_small';
  if (!small && error.type !== 'too_big') return { key: error.type };
  if (NUMBERS.has(origin)) {
    const key = small ? (inclusive === 'inclusive' ? 'min' : 'above') : inclusive === 'inclusive' ? 'max' : 'below';
    return { key, params: { bound } };
  }
  if (origin === 'string' || origin === 'array') {
    if (small && Number(bound) <= 1) return { key: 'required' };
    return { key: `${small ? 'min' : 'max'}${origin === 'string' ? 'Length' : 'Items'}`, params: { bound } };
  }
  return { key: error.type };
}

/** A form field's error in the member's language: the server's own words, or the catalog's text of the schema's check. */
export function fieldErrorText(
  t: (key: string, options: Record<string, unknown>) => string,
  error: FieldError | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  const { key, params } = fieldErrorKey(error);
  return t(`fieldErrors.${key}`, { ...params, defaultValue: t('fieldErrors.invalid', {}) });
}
