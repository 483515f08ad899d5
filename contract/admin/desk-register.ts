import { z } from 'zod';
import { langField, recordId } from '../common.ts';
import { DESK_LIMITS } from './box-office-rules.ts';
import { DESK_REGISTER_NAME } from './desk-register-rules.ts';

/**
 * Schemas of the desk's cash register, shifts, receipt tasks and returns (/api/admin/desk/...).
 * Amounts are kopecks. `register` is the desk's name from the cashier's page settings.
 */

// No trimming: the cashier's page stores a name only once it matches, so a padded name is refused, as its published pattern says.
export const registerName = z.string({ error: 'register' }).regex(DESK_REGISTER_NAME, 'register');
const kopecks = z.number({ error: 'amount' }).int('amount').min(1, 'amount').max(DESK_LIMITS.tenderedMax, 'amount');

export const deskRegisterQuery = z.object({ register: registerName, lang: langField });
export const deskRegisterBody = z.object({ register: registerName, lang: langField });
export const deskCashMoveBody = z.object({
  register: registerName,
  kind: z.enum(['in', 'out'], { error: 'kind' }),
  amount: kopecks,
  lang: langField,
});
export const deskTaskParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const deskShiftParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const deskShiftReportQuery = z.object({
  lang: langField,
  dialect: z.enum(['rfc4180', 'excel-semicolon']).default('excel-semicolon'),
});

export const DESK_TASK_KINDS = [
  'openShift',
  'closeShift',
  'reportX',
  'sell',
  'sellReturn',
  'cashIn',
  'cashOut',
  'sellCorrection',
  'sellReturnCorrection',
] as const;
export const DESK_TASK_STATES = ['pending', 'sent', 'done', 'failed'] as const;

export const deskTask = z.object({
  id: z.number(),
  register: z.string(),
  kind: z.enum(DESK_TASK_KINDS),
  orderNumber: z.number().nullable(),
  /** How the page relays it: the driver's id (atol). */
  driver: z.string(),
  /** The driver's task id: the same uuid is never printed twice. */
  uuid: z.string(),
  /** The driver's task body, sent as is. */
  request: z.record(z.string(), z.unknown()),
  total: z.number(),
  state: z.enum(DESK_TASK_STATES),
  attempts: z.number(),
  error: z.string().nullable(),
  fiscalSign: z.string().nullable(),
  fiscalNumber: z.string().nullable(),
  printedElsewhere: z.boolean(),
  /** A correction receipt: the refused task it makes up for. */
  corrects: z.number().nullable(),
  /** A refused receipt made up for by a correction receipt: that task. */
  correctedBy: z.number().nullable(),
  createdAt: z.string(),
});
export type DeskTask = z.infer<typeof deskTask>;

const deskShift = z.object({
  id: z.number(),
  register: z.string(),
  openedAt: z.string(),
  openedByName: z.string(),
  closedAt: z.string().nullable(),
});
export type DeskShift = z.infer<typeof deskShift>;

export const deskRegisterResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  shift: deskShift.nullable(),
  /** Tasks not done yet (pending, sent, failed), oldest first, and the last few done. */
  tasks: z.array(deskTask),
  /** The demo's register driver (a path on this server) for a desk with none configured; null outside the demo. */
  demoDriver: z.string().nullable(),
});
export type DeskRegisterResponse = z.infer<typeof deskRegisterResponse>;

export const deskTaskResponse = z.object({ errorCode: z.string(), errorText: z.string(), task: deskTask });

/** What the page learnt from the driver: printed (the fiscal sign and number), refused, or not reached. */
export const deskTaskResultBody = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('done'),
      fiscalSign: z.string().trim().max(40).default(''),
      fiscalNumber: z.string().trim().max(40).default(''),
    }),
    z.object({ outcome: z.literal('failed'), error: z.string().trim().min(1, 'error').max(500, 'error') }),
    z.object({ outcome: z.literal('unreachable'), error: z.string().trim().max(500, 'error').default('') }),
  ],
  { error: 'outcome' },
);
export type DeskTaskResult = z.infer<typeof deskTaskResultBody>;

/**
 * A correction receipt for a refused sale or refund receipt (POST .../receipt-tasks/:id/correct):
 * on the venue's own initiative or by the tax authority's instruction; the day of the settlement
 * corrected (by default the refused receipt's day in the venue's zone); the grounds' number,
 * required for an instruction and under FFD 1.05 (contract/admin/desk-register-rules.ts).
 */
export const deskCorrectionBody = z.object({
  type: z.enum(['self', 'instruction'], { error: 'type' }),
  baseDate: z
    .string({ error: 'baseDate' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'baseDate')
    .optional(),
  baseNumber: z.string({ error: 'baseNumber' }).trim().max(32, 'baseNumber').default(''),
  lang: langField,
});
export type DeskCorrectionBody = z.input<typeof deskCorrectionBody>;

/** The refused task, now done and naming its correction, and the correction receipt's task. */
export const deskCorrectionResponse = z.object({ errorCode: z.string(), errorText: z.string(), task: deskTask, correction: deskTask });

export const deskShiftActionResponse = z.object({ errorCode: z.string(), errorText: z.string(), shift: deskShift, task: deskTask });

export const deskShiftReport = z.object({
  shift: deskShift,
  cashSales: z.number(),
  cardSales: z.number(),
  pushkinSales: z.number(),
  sales: z.number(),
  cashReturns: z.number(),
  cardReturns: z.number(),
  pushkinReturns: z.number(),
  returns: z.number(),
  cashIn: z.number(),
  cashOut: z.number(),
  /** What the drawer should hold: cash put in + cash sales − cash refunds − cash taken out. */
  cashExpected: z.number(),
  receiptsPending: z.number(),
});
export type DeskShiftReport = z.infer<typeof deskShiftReport>;
export const deskShiftReportResponse = z.object({ errorCode: z.string(), errorText: z.string(), report: deskShiftReport });

// --- returns at the desk ---

export const deskReturnLookupQuery = z.object({ code: z.string({ error: 'code' }).trim().min(1, 'code').max(64, 'code'), lang: langField });

export const deskReturnTicket = z.object({
  id: z.number(),
  code: z.string(),
  place: z.string(),
  status: z.number(),
  returnable: z.boolean(),
  usedAt: z.string().nullable(),
});
export const deskReturnLookupResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  order: z.object({
    id: z.number(),
    number: z.number(),
    channel: z.enum(['web', 'desk']),
    total: z.number(),
    paidWith: z.array(z.enum(['cash', 'card', 'pushkin'])),
  }),
  tickets: z.array(deskReturnTicket),
  /** The ticket the code named. */
  ticketId: z.number(),
  /** What the refund rules give back for that ticket now (null when it is not returnable). */
  quote: z.object({ amount: z.number(), percent: z.number() }).nullable(),
  /**
   * A refund due at the desk (a cancelled session's desk sale): the sum and how it goes back,
   * part by part as the sale was paid; null when none is due.
   */
  due: z
    .object({ amount: z.number(), parts: z.array(z.object({ method: z.enum(['cash', 'card', 'pushkin']), amount: z.number() })) })
    .nullable(),
});
export type DeskReturnLookupResponse = z.infer<typeof deskReturnLookupResponse>;

export const deskReturnBody = z
  .object({
    register: registerName,
    orderId: recordId,
    ticketIds: z.array(recordId).min(1, 'tickets').max(200, 'tickets'),
    /** null: the event's refund rules; a share set by hand (staff override) needs a reason. */
    percent: z.number().int('percent').min(0, 'percent').max(100, 'percent').nullable().default(null),
    reason: z.string().trim().max(500, 'reason').default(''),
    /** The return reason of the storefront's list; «another reason» unless the cashier picks one. */
    reasonId: recordId.default(4),
    /** How the money goes back at the desk: cash, or to the card on the terminal. Web orders go back through their acquirer. */
    method: z.enum(['cash', 'card'], { error: 'method' }).default('cash'),
    lang: langField,
  })
  .refine((body) => body.percent === null || body.reason !== '', { message: 'reason', path: ['reason'] });

/** Pays out the refund due at the desk of an order (a cancelled session's desk sale). */
export const deskDueBody = z.object({ register: registerName, orderId: recordId, lang: langField });

export const deskReturnResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  amount: z.number(),
  status: z.number(),
  /** Where the money went: 'desk' (cash or card here, with a refund receipt task) or 'acquirer' (a web payment). */
  via: z.enum(['desk', 'acquirer']),
  task: deskTask.nullable(),
});
export type DeskReturnResponse = z.infer<typeof deskReturnResponse>;
