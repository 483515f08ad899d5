import { z } from 'zod';
import { MAX_INT4, businessResult, langField, localized, orderHash } from './common.ts';

export { ReturnStatus, isReturned } from './order-status.ts';

/** The confirmation link is valid 24 hours. */
export const RETURN_LINK_HOURS = 24;

/** A hash longer than 5 characters is a confirmation hash. */
export function isConfirmationHash(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length > 5;
}

const confirmationHash = z.string().max(128);

/**
 * Whether a link's confirmation hash fits the calls' hashConf schema. One that does not (longer
 * than 128) can name no request: the return screen refuses it as the server refuses a wrong one.
 */
export function fitsConfirmationHashSchema(value: string): boolean {
  return confirmationHash.safeParse(value).success;
}

/** POST /api/order/return/{hash}: the hash is in the path; hashConf is step 2's link. */
export const orderReturnRequest = z.object({
  hash: orderHash.optional(),
  lang: langField,
  hashConf: confirmationHash.nullish(),
});

/** One returnable unit: a ticket (one place; a group ticket admits quant visitors). */
export const returnRow = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  ord_num: z.number().int(),
  /** The order's date and time, dd.mm.yyyy HH:MM at +03:00. */
  datime: z.string(),
  owner_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Seconds left to return this ticket; 0 once the return time is over. */
  returndatime: z.number().int(),
  /** The reason of the ticket's last return request, 0 when none. */
  returnreason_id: z.number().int(),
  /** Visitors the ticket admits. */
  quant: z.number().int(),
  /** What the ticket cost. */
  summa: z.number(),
  /** What returning it now refunds (the event's refund policy, computed on the server). */
  refund: z.number(),
  /** The group (one session of one event) the row belongs to. */
  sortnum: z.number().int(),
  action: localized,
  day: z.string(),
  time: z.string(),
  zonelevel: localized,
  category: localized,
  /** Sector, row and seat of a seated ticket; empty otherwise. */
  place: localized,
  /** The visitor's name on a named ticket; empty otherwise. */
  name: z.string(),
  /** 1 when the door admitted the ticket: a used ticket is not returnable by the visitor. */
  used: z.union([z.literal(0), z.literal(1)]),
});
export type ReturnRow = z.infer<typeof returnRow>;

export const returnGroup = z.object({
  sortnum: z.number().int(),
  /** Seconds left until the group's return deadline; 0 once it passed. */
  returndatime: z.number().int(),
  /** The deadline, dd.mm.yyyy HH:MM at +03:00. */
  deadline: z.string(),
});
export type ReturnGroup = z.infer<typeof returnGroup>;

/** An attached service (toping) of the order, returned with its tickets (docs/returns.md). */
export const returnService = z.object({
  id: z.number().int(),
  /** The tickets it goes back with: its own ticket for a seat-tied service, else every ticket of its line (it goes with the last of them). */
  ids: z.array(z.number().int()),
  seat_tied: z.union([z.literal(0), z.literal(1)]),
  action: localized,
  /** What the service cost. */
  cost: z.number(),
  /** What returning it refunds: what was paid for it after the order's discount. */
  refund: z.number(),
  /** Return status, as for tickets: 0, 60, 70 or 80. */
  status_id: z.number().int(),
});
export type ReturnService = z.infer<typeof returnService>;

/** The order's loyalty bonuses: spent and accrued on payment, given back and taken back by returns. */
export const returnBonuses = z.object({
  spent: z.number().int(),
  accrued: z.number().int(),
  restored: z.number().int(),
  revoked: z.number().int(),
});

export const returnReason = z.object({ id: z.number().int(), name: localized, descript: localized });
export type ReturnReason = z.infer<typeof returnReason>;

export const orderReturnPayload = z.object({
  /** 0, or why the confirmation hash was refused (the page then drops it). */
  error_code: z.number().int(),
  error_text: z.string(),
  hash: z.string(),
  rows: z.array(returnRow),
  services: z.array(returnService),
  bonuses: returnBonuses,
  groups: z.array(returnGroup),
  reasons: z.array(returnReason),
  /**
   * The consent to the processing of personal data for a return (scope `return`): the current
   * version of its text, which the switch shows and the ledger records.
   */
  text: localized,
  consent: z.object({ version: z.number().int(), title: localized }),
  /** The venue's own notice for returns (the catalog's return checkbox), shown above the switch; empty when none. */
  notice: localized,
  /** Today at +03:00 (dd.mm.yyyy), the date of the application. */
  date: z.string(),
  /** 'full' or 'culture-law' (Russian law on culture, art. 52.1). */
  policy: z.enum(['full', 'culture-law']),
  /**
   * What a refund is made of, for the page to say it beside the amounts: whether the service fee
   * comes back with the ticket (the event's setting) and whether the order was paid with a
   * discount (a promo code or bonuses), so a refund is less than the price.
   */
  refund: z.object({ service_fee: z.boolean(), discounted: z.boolean() }),
  /** With a valid confirmation hash: the request it confirms. */
  confirm: z
    .object({ ids: z.array(z.number().int()), service_ids: z.array(z.number().int()), summa: z.number(), reason_id: z.number().int() })
    .nullable(),
});
export type OrderReturnPayload = z.infer<typeof orderReturnPayload>;

export const orderReturnResponse = z.object({ errorCode: z.string(), errorText: z.string(), response: orderReturnPayload });
export type OrderReturnResponse = z.infer<typeof orderReturnResponse>;

/** A refused return call: with the failing fields when the form can name one (the consent switch, -1050). */
export const returnRefusal = businessResult.extend({
  fields: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});

/** POST /api/order/return-create */
export const returnCreateRequest = z.object({
  hash: orderHash,
  lang: langField,
  reason: z.number().int().positive('reason').max(MAX_INT4, 'reason'),
  id: z.array(z.number().int().positive('id').max(MAX_INT4, 'id')).min(1, 'id').max(500),
  hashConf: confirmationHash.nullish(),
  /** The consent switch (scope `return`): without it the request is refused with -1050. */
  consent: z.boolean().optional(),
});

export const returnCreateResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  response: z.object({ error_code: z.number().int(), summa: z.number(), expires: z.string() }),
});

/** POST /api/order/return-confirm */
export const returnConfirmRequest = z.object({
  hash: orderHash,
  lang: langField,
  hashConf: confirmationHash.refine(isConfirmationHash, 'hashConf'),
  /** The consent switch, asked again at the confirmation: without it the return is refused with -1050. */
  consent: z.boolean().optional(),
});

export const returnConfirmResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  response: z.object({
    error_code: z.number().int(),
    summa: z.number(),
    status_id: z.number().int(),
    /** Bonuses given back to the loyalty card and accrued bonuses taken back by this return. */
    bonuses_restored: z.number().int(),
    bonuses_revoked: z.number().int(),
  }),
});
