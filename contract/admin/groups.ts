import { z } from 'zod';
import { emailSchema, phoneSchema } from '../buyer.ts';
import { langField, recordId } from '../common.ts';
import {
  GROUP_LIMITS,
  GROUP_PAYERS,
  GROUP_STATES,
  GROUP_TICKET_MODES,
  isValidBik,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidSettlementAccount,
} from './groups-rules.ts';

/** Schemas of the groups' calls (/api/admin/groups/...). Amounts are kopecks; issue messages are field codes. */

const text = (max: number, code: string) => z.string({ error: code }).trim().min(1, code).max(max, code);
const digitsOnly = (value: string) => value.replace(/\s+/g, '');

/** The venue's bank details that invoices carry, each number checked by its format and control digits. */
export const bankDetails = z
  .object({
    legalName: text(300, 'legal-name'),
    inn: z.string({ error: 'inn' }).transform(digitsOnly).refine(isValidInn, 'inn'),
    kpp: z
      .string({ error: 'kpp' })
      .transform(digitsOnly)
      .refine((v) => v === '' || isValidKpp(v), 'kpp'),
    address: text(500, 'address'),
    bik: z.string({ error: 'bik' }).transform(digitsOnly).refine(isValidBik, 'bik'),
    bankName: text(300, 'bank-name'),
    correspondentAccount: z.string({ error: 'correspondent-account' }).transform(digitsOnly),
    account: z.string({ error: 'account' }).transform(digitsOnly),
  })
  .superRefine((v, ctx) => {
    // A legal entity (10-digit ИНН) has a КПП; a sole proprietor (12 digits) has none.
    if (v.inn.length === 10 && v.kpp === '') ctx.addIssue({ code: 'custom', path: ['kpp'], message: 'kpp' });
    if (!isValidSettlementAccount(v.account, v.bik)) ctx.addIssue({ code: 'custom', path: ['account'], message: 'account' });
    if (!isValidCorrespondentAccount(v.correspondentAccount, v.bik))
      ctx.addIssue({ code: 'custom', path: ['correspondentAccount'], message: 'correspondent-account' });
  });
export type BankDetails = z.output<typeof bankDetails>;
export type BankDetailsInput = z.input<typeof bankDetails>;

/** The saved details as answered (plain strings: an answer is not parsed again). */
const bankDetailsView = z.object({
  legalName: z.string(),
  inn: z.string(),
  kpp: z.string(),
  address: z.string(),
  bik: z.string(),
  bankName: z.string(),
  correspondentAccount: z.string(),
  account: z.string(),
});

export const bankDetailsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** null until the venue has saved them: invoices are refused until then. */
  details: bankDetailsView.nullable(),
});

/** A group's reservation: places of one session for an organisation, with a named leader and a payment deadline. */
export const groupCreateRequest = z
  .object({
    sessionId: recordId,
    lines: z
      .array(
        z.object({ priceId: recordId, quantity: z.number().int('quantity').min(1, 'quantity').max(GROUP_LIMITS.placesMax, 'quantity') }),
      )
      .max(20, 'lines')
      .default([]),
    seats: z
      .array(z.object({ seatId: recordId, priceId: recordId }))
      .max(GROUP_LIMITS.placesMax, 'seats')
      .default([]),
    organisation: z.object({
      name: text(300, 'org-name'),
      inn: z.string({ error: 'org-inn' }).transform(digitsOnly).refine(isValidInn, 'org-inn'),
      kpp: z
        .string({ error: 'org-kpp' })
        .transform(digitsOnly)
        .refine((v) => v === '' || isValidKpp(v), 'org-kpp')
        .default(''),
      address: z.string({ error: 'org-address' }).trim().max(500, 'org-address').default(''),
    }),
    leader: z.object({ name: text(200, 'leader-name'), phone: phoneSchema, email: emailSchema }),
    payer: z.enum(GROUP_PAYERS, { error: 'payer' }),
    ticketMode: z.enum(GROUP_TICKET_MODES, { error: 'ticket-mode' }),
    /** The adults' price: up to the rule's free companions of its places cost nothing; the other places are the children. */
    companionPriceId: recordId.nullable().default(null),
    companionRule: z
      .object({
        perChildren: z.number().int('companions').min(0, 'companions').max(100, 'companions'),
        free: z.number().int('companions').min(0, 'companions').max(10, 'companions'),
      })
      .default({ perChildren: 0, free: 0 }),
    /** The payment deadline (ISO instant): unpaid after it, the places go back on sale. */
    payUntil: z.iso.datetime({ offset: true, error: 'pay-until' }),
    lang: langField,
  })
  .refine((g) => g.lines.length > 0 !== g.seats.length > 0, { message: 'lines', path: ['lines'] });
export type GroupCreateRequest = z.input<typeof groupCreateRequest>;

export const groupParams = z.object({ id: z.coerce.number().pipe(recordId) });

export const groupMarkPaidRequest = z.object({
  /** The desk's register that prints a private person's receipt (54-FZ); not taken for an organisation. */
  register: z.string().trim().min(1).max(40).optional(),
  lang: langField,
});

const statementPayment = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  amount: z.number(),
  payerName: z.string(),
  payerInn: z.string(),
  purpose: z.string(),
  outcome: z.enum(['paid', 'partial', 'unmatched', 'duplicate']),
  reason: z.string(),
  groupId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type StatementPaymentView = z.infer<typeof statementPayment>;

export const groupView = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNumber: z.number(),
  orderHash: z.string(),
  state: z.enum(GROUP_STATES),
  eventName: z.string(),
  sessionStartsAt: z.string(),
  organisation: z.object({ name: z.string(), inn: z.string(), kpp: z.string(), address: z.string() }),
  leader: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  payer: z.enum(GROUP_PAYERS),
  ticketMode: z.enum(GROUP_TICKET_MODES),
  places: z.number(),
  children: z.number(),
  freeCompanions: z.number(),
  total: z.number(),
  paidAmount: z.number(),
  payUntil: z.string(),
  paidAt: z.string().nullable(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
  payments: z.array(statementPayment),
});
export type GroupView = z.infer<typeof groupView>;

export const groupResponse = z.object({ errorCode: z.string(), errorText: z.string(), group: groupView });
export const groupsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  groups: z.array(groupView.omit({ payments: true })),
});
export type GroupListItem = z.infer<typeof groupsResponse>['groups'][number];

/** A statement file as its bytes in base64 (the file picker's read), with its name for the log. */
export const statementImportRequest = z.object({
  fileName: z.string().trim().min(1, 'file').max(200, 'file'),
  content: z
    .string({ error: 'file' })
    .min(1, 'file')
    .max(Math.ceil((GROUP_LIMITS.statementBytesMax * 4) / 3) + 4, 'file-size')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file'),
  lang: langField,
});

export const statementImportResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  importId: z.number(),
  payments: z.array(statementPayment),
  /** Documents of the file that were not money coming in to the venue's account (its own payments). */
  skipped: z.number(),
});

export const unmatchedPaymentsResponse = z.object({ errorCode: z.string(), errorText: z.string(), payments: z.array(statementPayment) });
