import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  BuyerError,
  buyerFieldErrors,
  buyerSchema,
  emailRepeatMatches,
  normalizeEmail,
  pushkinBuyerSchema,
  pushkinPatronymicSchema,
} from '../../../contract/buyer.ts';
import { typedPhoneToE164 } from '../../../contract/phone.ts';
import { type BuyerValues, buyerFormField, buyerPayload, ordinaryBuyerPayload } from './use-buyer.ts';

/*
 * The buyer's checks with the contract schemas: zod and the schemas load with this module, which
 * the event and scheme pages import only when the buyer form appears (use-buyer.ts loadBuyerValidation).
 */

/** Checks the buyer with the contract schemas; answers { field: code } for the form. */
export function validateBuyer(values: BuyerValues, pushkin: boolean): Record<string, string> {
  const payload = buyerPayload(values, pushkin, typedPhoneToE164);
  const result = pushkin ? pushkinBuyerSchema.safeParse({ ...payload, noPatronymic: values.noPatronymic }) : buyerSchema.safeParse(payload);
  const errors = result.success ? {} : buyerFieldErrors(result.error as z.ZodError);
  // Cross-field rules run only once the fields themselves pass; show them together with the rest.
  if (pushkin && !values.noPatronymic && !errors.patronymic && !pushkinPatronymicSchema.safeParse(values.patronymic).success) {
    errors.patronymic = BuyerError.notValidPatronymic;
  }
  if (!errors.re_email && !errors.email && !emailRepeatMatches(normalizeEmail(values.email), values.reEmail)) {
    errors.re_email = BuyerError.reEmail;
  }
  return errors;
}

/** The buyer's wire fields, the ordinary phone as E.164 (the phone library loads with this module). */
export function wireBuyer(values: BuyerValues, pushkin: boolean) {
  return buyerPayload(values, pushkin, typedPhoneToE164);
}

/** The ordinary buyer's wire fields, the phone as E.164 (the scheme's order has no Pushkin card). */
export function wireOrdinaryBuyer(values: BuyerValues) {
  return ordinaryBuyerPayload(values, typedPhoneToE164);
}

/**
 * The form's schema: the visitor's fields are turned into the wire payload and checked by the
 * contract's schemas (validateBuyer: buyerSchema or pushkinBuyerSchema, the same the server
 * parses with); each issue lands on the field the visitor typed in, its message the error code.
 */
export function buyerFormSchema(pushkin: boolean) {
  return z.custom<BuyerValues>().superRefine((values, ctx) => {
    for (const [wire, code] of Object.entries(validateBuyer(values, pushkin))) {
      const field = buyerFormField(wire, pushkin);
      if (field) ctx.addIssue({ code: 'custom', path: [field], message: code });
    }
  });
}

const resolvers = new Map<boolean, Resolver<BuyerValues>>();

/** zodResolver over buyerFormSchema, one per payment method. */
export function buyerResolver(pushkin: boolean): Resolver<BuyerValues> {
  let resolver = resolvers.get(pushkin);
  if (!resolver) {
    resolver = zodResolver(buyerFormSchema(pushkin));
    resolvers.set(pushkin, resolver);
  }
  return resolver;
}
