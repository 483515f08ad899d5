import { z } from 'zod';
import { MAX_INT4, flag, langField, recordId } from './common.ts';
import { buyerSchema, pushkinBuyerSchema } from './buyer.ts';
import { captchaFields } from './captcha.ts';
import { OrderFormError } from './order-form-constants.ts';

export { CAPTCHA_TEXT_MAX, OrderFormError } from './order-form-constants.ts';

/** One order line as the event page sends it. */
export const orderLine = z.object({
  day: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/, OrderFormError.lines),
  time: z.string().regex(/^\d{2}:\d{2}$/, OrderFormError.lines),
  actionId: recordId,
  categoryId: recordId,
  zoneId: z.number().int().min(0).max(MAX_INT4).default(0),
  quantity: z.number().int().min(1, OrderFormError.lines).max(1000, OrderFormError.lines),
  /** What the page computed; never trusted, the server prices every line itself. */
  sum: z.number().optional(),
  /** 0 for quantity orders and subscriptions. */
  seatId: z.literal(0).default(0),
  /** Set when the line is taken by subscription: the subscription's action id. */
  subscrit_id: recordId.optional(),
});
export type OrderLine = z.output<typeof orderLine>;

const checkboxAnswer = z.object({ id: recordId, checked: z.union([z.boolean(), flag]).transform(Boolean) });

/**
 * POST /api/order/create. The buyer is either the ordinary one (fio) or, with pushkarta = 1,
 * the Pushkin-card one (surname, name, patronymic or nopatronymic). The CRM client is never
 * taken from the body: it comes from the signed token (docs/crm-client.md).
 */
export const createOrderRequest = z
  .object({
    hash: z.string().min(1).max(64),
    lang: langField.optional(),
    data: z.array(orderLine).min(1, OrderFormError.lines).max(100, OrderFormError.lines),
    pushkarta: flag.default(0),
    fio: z.string().optional(),
    surname: z.string().optional(),
    name: z.string().optional(),
    patronymic: z.string().optional(),
    nopatronymic: z.union([z.boolean(), flag]).transform(Boolean).optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    re_email: z.string().optional(),
    checkboxList: z.array(checkboxAnswer).max(50).default([]),
    crmClient: z.unknown().optional(),
    ...captchaFields.shape,
  })
  .transform((value, ctx) => {
    const parsed =
      value.pushkarta === 1
        ? pushkinBuyerSchema.safeParse({
            surname: value.surname ?? '',
            name: value.name ?? '',
            patronymic: value.patronymic,
            noPatronymic: value.nopatronymic,
            phone: value.phone ?? '',
            email: value.email ?? '',
            re_email: value.re_email,
          })
        : buyerSchema.safeParse({ fio: value.fio ?? '', phone: value.phone ?? '', email: value.email ?? '', re_email: value.re_email });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    const buyer =
      'fio' in parsed.data
        ? { kind: 'ordinary' as const, fio: parsed.data.fio, phone: parsed.data.phone, email: parsed.data.email }
        : { kind: 'pushkin' as const, ...parsed.data };
    return {
      hash: value.hash,
      lang: value.lang,
      lines: value.data,
      buyer,
      checkboxes: value.checkboxList,
      recaptchaToken: value.recaptchaToken,
      smartToken: value.smartToken,
      captchaSid: value.captchaSid,
      captchaText: value.captchaText,
    };
  });
export type CreateOrderInput = z.input<typeof createOrderRequest>;
export type CreateOrderCommand = z.output<typeof createOrderRequest>;
export type OrderBuyer = CreateOrderCommand['buyer'];

export const createOrderResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  hash: z.string().optional(),
  /** Field errors of a refused form: the field path and its error code. */
  fields: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;
