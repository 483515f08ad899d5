import type { TFunction } from 'i18next';
import { loyaltyCardResponse } from '../../../../contract/admin/loyalty.ts';
import {
  CARD_CODE_MAX,
  CARD_CODE_MIN,
  CORRECTION_REASON_MAX,
  HOLDER_NAME_MAX,
  ACCRUAL_PERCENT_MAX,
} from '../../../../contract/admin/loyalty-rules.ts';
import { apiGet } from '../../../lib/api.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';

/** Every query of the loyalty pages starts with this key, so a change refetches them all. */
export const LOYALTY_KEY = ['admin', 'loyalty'] as const;

export const cardQuery = (id: number) => ({
  queryKey: [...LOYALTY_KEY, 'card', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`/api/admin/loyalty-cards/${id}`, loyaltyCardResponse, { signal }),
  retry: false,
});

/** A field's error in the member's language: the server names it by code, the catalog says it with the rule's limits. */
export function fieldText(t: TFunction<['admin-loyalty', 'admin']>, errors: FieldErrors, name: string): string | undefined {
  const code = errors[name];
  if (!code) return undefined;
  const limits = {
    codeMin: CARD_CODE_MIN,
    codeMax: CARD_CODE_MAX,
    holderMax: HOLDER_NAME_MAX,
    reasonMax: CORRECTION_REASON_MAX,
    percentMax: ACCRUAL_PERCENT_MAX,
  };
  return t(`fields.${code}`, { ...limits, defaultValue: t('fields.invalid') });
}

/** A whole number typed in a field, or NaN (sent as is, so the server names the field). */
export function typedInteger(value: string): number {
  const text = value.trim().replace(/\s/g, '').replace('−', '-');
  return text === '' ? Number.NaN : Number(text);
}
