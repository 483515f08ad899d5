import { z } from 'zod';
import { ageOn } from './concession-rules.ts';
import { captchaFields } from './captcha.ts';
import { langField, orderHash, partialLocalized, recordId } from './common.ts';
import { CONSENT_SCOPES } from './consent.ts';

/**
 * The named-ticket holder rules shared by the /nominal-tickets form and the
 * server's POST /api/confirm-nominal. Issues carry error codes (never prose); the web maps a code
 * to `nominal:errors.<code>`, the server returns them in the `fields` of its -1002 answer.
 */
export const NominalError = {
  requiredSurname: 'required-surname',
  notValidSurname: 'not-valid-surname',
  requiredName: 'required-name',
  notValidName: 'not-valid-name',
  requiredMiddleName: 'required-middle-name',
  notValidMiddleName: 'not-valid-middle-name',
  requiredAge: 'required-age',
  notValidAge: 'not-valid-age',
  requiredBirthDate: 'required-birth-date',
  notValidBirthDate: 'not-valid-birth-date',
  futureBirthDate: 'future-birth-date',
  requiredDocType: 'required-doc-type',
  notValidDocType: 'not-valid-doc-type',
  requiredDocNum: 'required-doc-num',
  /** The web shows the chosen document type's note instead of a fixed text. */
  notValidDocNum: 'not-valid-doc-num',
  requiredCountry: 'required-country',
  notValidCountry: 'not-valid-country',
  requiredRegion: 'required-region',
  notValidRegion: 'not-valid-region',
  requiredConsent: 'required-consent',
} as const;
export type NominalErrorCode = (typeof NominalError)[keyof typeof NominalError];

/** Limits. */
export const NOMINAL_LIMITS = {
  surnameMin: 2,
  surnameMax: 32,
  nameMin: 3,
  nameMax: 64,
  middleNameMin: 3,
  middleNameMax: 64,
  minLetters: 2,
  ageMaxDigits: 2,
  ageMin: 1,
  birthYearMin: 1900,
  birthYearMax: 2051,
  docNumMax: 32,
  /** At this age or over the page shows the health-risk warning (the holder is still allowed). */
  ageWarning: 65,
} as const;

/** Document types; any other id validates as 'other'. */
export const DocType = {
  passportRu: 1,
  militaryId: 3,
  birthCertificateRu: 4,
  seamanPassport: 5,
  other: 6,
} as const;

// ---------------------------------------------------------------------------------------------
// Names: Latin or Cyrillic letters (Kazakh letters are Cyrillic too), spaces and hyphens, at
// least 2 letters. Input is NFC-normalised first, so a decomposed 'й' or 'e' + U+0301 counts as
// one letter; a mark that composes with nothing is left alone and refused.

/**
 * A letter of a name: an upper- or lower-case letter (Unicode Lu or Ll) of the Latin or Cyrillic
 * script. The script alone would also admit combining marks (U+0483 titlo), letter-like numbers
 * (U+2160 'Ⅰ'), modifier letters ('ʰ') and ordinals ('ª'); these are not in Lu or Ll.
 */
const SCRIPT_LETTER = /^(?=[\p{Script=Latin}\p{Script=Cyrillic}])[\p{Lu}\p{Ll}]$/u;

/**
 * Compatibility forms are letters of another letter's width or shape (fullwidth 'Ａ', ligature
 * 'ﬁ', long 's' 'ſ'): a name letter must be its own compatibility form (NFKC leaves it alone).
 */
function isNameLetter(char: string): boolean {
  return SCRIPT_LETTER.test(char) && char.normalize('NFKC') === char;
}

/** Trims, collapses runs of whitespace to one space and NFC-normalises. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Only name letters, spaces and hyphens, with at least 2 letters (checked on the NFC form). */
export function isValidNamePattern(value: string): boolean {
  let letters = 0;
  for (const char of value.normalize('NFC')) {
    if (char === ' ' || char === '-') continue;
    if (!isNameLetter(char)) return false;
    letters += 1;
  }
  return letters >= NOMINAL_LIMITS.minLetters;
}

function nameSchema(min: number, max: number, required: string, notValid: string) {
  return z
    .string({ error: required })
    .transform(normalizeName)
    .pipe(z.string().min(1, required).min(min, notValid).max(max, notValid).refine(isValidNamePattern, notValid));
}

export const surnameSchema = nameSchema(
  NOMINAL_LIMITS.surnameMin,
  NOMINAL_LIMITS.surnameMax,
  NominalError.requiredSurname,
  NominalError.notValidSurname,
);
export const firstNameSchema = nameSchema(
  NOMINAL_LIMITS.nameMin,
  NOMINAL_LIMITS.nameMax,
  NominalError.requiredName,
  NominalError.notValidName,
);
export const middleNameSchema = nameSchema(
  NOMINAL_LIMITS.middleNameMin,
  NOMINAL_LIMITS.middleNameMax,
  NominalError.requiredMiddleName,
  NominalError.notValidMiddleName,
);

// ---------------------------------------------------------------------------------------------
// Age (needage = 1) and birth date (needage = 2).

/** The age field: 1–2 digits, at least 1. Numbers from a JSON client are read as their digits. */
export const ageSchema = z
  .union([z.string(), z.number()], { error: NominalError.requiredAge })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, NominalError.requiredAge)
      .regex(/^\d{1,2}$/, NominalError.notValidAge)
      .transform(Number)
      .refine((age) => age >= NOMINAL_LIMITS.ageMin, NominalError.notValidAge),
  );

/** A calendar date without a time, as 'YYYY-MM-DD' (how the server stores a birth date). */
export type IsoDate = string;

/** Reads 'dd.mm.yyyy' into 'YYYY-MM-DD', or undefined when it is not a real calendar date. */
export function parseBirthDate(value: string): IsoDate | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * The birth date field: masked dd.mm.yyyy, exactly 10 characters, a real date with a year of
 * 1900–2051 and not after `today` ('YYYY-MM-DD' in the venue's time zone). Output: 'YYYY-MM-DD'.
 */
export function birthDateSchema(today: IsoDate) {
  return z
    .string({ error: NominalError.requiredBirthDate })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, NominalError.requiredBirthDate)
        .length(10, NominalError.notValidBirthDate)
        .transform((value, ctx) => {
          const iso = parseBirthDate(value);
          const year = iso ? Number(iso.slice(0, 4)) : 0;
          if (!iso || year < NOMINAL_LIMITS.birthYearMin || year > NOMINAL_LIMITS.birthYearMax) {
            ctx.addIssue({ code: 'custom', message: NominalError.notValidBirthDate });
            return z.NEVER;
          }
          if (iso > today) {
            ctx.addIssue({ code: 'custom', message: NominalError.futureBirthDate });
            return z.NEVER;
          }
          return iso;
        }),
    );
}

/** Full years between a birth date and a day (both 'YYYY-MM-DD'); one rule with the concessions'. */
export { ageOn };

/** Whether the page shows the 65-or-over health-risk warning for what was typed (never blocks). */
export function needsAgeWarning(input: { needage: number; age?: unknown; date?: unknown }, today: IsoDate): boolean {
  if (input.needage === 1) {
    const age = ageSchema.safeParse(input.age);
    return age.success && age.data >= NOMINAL_LIMITS.ageWarning;
  }
  if (input.needage === 2 && typeof input.date === 'string') {
    const birth = birthDateSchema(today).safeParse(input.date);
    return birth.success && ageOn(birth.data, today) >= NOMINAL_LIMITS.ageWarning;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Document numbers, by type. Spaces are removed first; at most 32 characters.

const ROMAN = '[IVXLCDM]+';
const CYR_CAPS = '[А-ЯЁ]';
export const DOC_NUM_PATTERNS: Record<number, RegExp> = {
  [DocType.passportRu]: /^\d{4}\d{6}$/,
  [DocType.militaryId]: new RegExp(`^${CYR_CAPS}{2}\\d{7}$`, 'u'),
  [DocType.birthCertificateRu]: new RegExp(`^${ROMAN}-${CYR_CAPS}{2}\\d{6}$`, 'u'),
  [DocType.seamanPassport]: new RegExp(`^${ROMAN}\\d{7}$`, 'u'),
  [DocType.other]: /^[A-Za-z0-9_-]{2,}$/,
};

/** What the number of a document is stored as: spaces (any whitespace) removed. */
export function normalizeDocNum(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidDocNum(docTypeId: number, docNum: string): boolean {
  if (docNum.length === 0 || docNum.length > NOMINAL_LIMITS.docNumMax) return false;
  const pattern = DOC_NUM_PATTERNS[docTypeId] ?? (DOC_NUM_PATTERNS[DocType.other] as RegExp);
  return pattern.test(docNum);
}

// ---------------------------------------------------------------------------------------------
// One holder, as the form edits it and the server receives it.

/** The flags of one named-ticket item, as order-data sends them. */
export type HolderFlags = {
  needage: number; // 0 none, 1 age, 2 birth date
  needmiddlename: number;
  needdocument: number;
  needcountry: number;
  needregion: number;
};

/** What a holder schema needs to know besides the typed values. */
export type HolderContext = {
  flags: HolderFlags;
  /** Today in the venue's time zone, 'YYYY-MM-DD'. */
  today: IsoDate;
  /** The document types offered (order-data docTypes). */
  docTypeIds: ReadonlySet<number>;
  /** Every country offered (order-data countries) with the ids of its regions (possibly none). */
  regionsByCountry: ReadonlyMap<number, readonly number[]>;
};

/** The typed values of one holder; ids are numbers or null, texts are strings. */
export const holderInput = z.object({
  surname: z.string().max(1000).default(''),
  name: z.string().max(1000).default(''),
  middleName: z.string().max(1000).default(''),
  age: z
    .union([z.string().max(1000), z.number()])
    .nullable()
    .default(''),
  date: z.string().max(1000).default(''),
  docTypeId: z.number().int().nullable().default(null),
  docNum: z.string().max(1000).default(''),
  countryId: z.number().int().nullable().default(null),
  regionId: z.number().int().nullable().default(null),
});
export type HolderInput = z.input<typeof holderInput>;

/** A valid holder, as stored in tickets.holder (clean names; fields not asked for are null). */
export type Holder = {
  surname: string;
  name: string;
  middleName: string | null;
  age: number | null;
  birthDate: IsoDate | null;
  docTypeId: number | null;
  docNumber: string | null;
  countryId: number | null;
  regionId: number | null;
};

export type HolderIssue = { field: keyof z.output<typeof holderInput>; code: NominalErrorCode };

/** The region field is shown and required only for a country with more than one region. */
export function regionApplies(ctx: HolderContext, countryId: number | null): boolean {
  if (ctx.flags.needregion !== 1 || countryId === null) return false;
  return (ctx.regionsByCountry.get(countryId)?.length ?? 0) > 1;
}

function firstIssue(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; code: NominalErrorCode } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: (result.error.issues[0]?.message ?? NominalError.notValidName) as NominalErrorCode };
}

/**
 * Checks one holder against every rule for its item's flags. Answers the
 * cleaned holder, or every field's first issue. Fields the flags do not ask for are ignored.
 */
export function validateHolder(
  input: HolderInput,
  ctx: HolderContext,
): { holder: Holder; issues: [] } | { holder: undefined; issues: HolderIssue[] } {
  const values = holderInput.parse(input);
  const issues: HolderIssue[] = [];
  const take = <T>(field: HolderIssue['field'], schema: z.ZodType, value: unknown): T | null => {
    const result = firstIssue(schema, value);
    if (result.ok) return result.value as T;
    issues.push({ field, code: result.code });
    return null;
  };

  const surname = take<string>('surname', surnameSchema, values.surname);
  const name = take<string>('name', firstNameSchema, values.name);
  const middleName = ctx.flags.needmiddlename === 1 ? take<string>('middleName', middleNameSchema, values.middleName) : null;
  const age = ctx.flags.needage === 1 ? take<number>('age', ageSchema, values.age ?? '') : null;
  const birthDate = ctx.flags.needage === 2 ? take<string>('date', birthDateSchema(ctx.today), values.date) : null;

  let docTypeId: number | null = null;
  let docNumber: string | null = null;
  if (ctx.flags.needdocument === 1) {
    if (values.docTypeId === null) issues.push({ field: 'docTypeId', code: NominalError.requiredDocType });
    else if (!ctx.docTypeIds.has(values.docTypeId)) issues.push({ field: 'docTypeId', code: NominalError.notValidDocType });
    else docTypeId = values.docTypeId;
    const number = normalizeDocNum(values.docNum);
    if (number.length === 0) issues.push({ field: 'docNum', code: NominalError.requiredDocNum });
    else if (docTypeId !== null && !isValidDocNum(docTypeId, number)) issues.push({ field: 'docNum', code: NominalError.notValidDocNum });
    else if (docTypeId !== null) docNumber = number;
  }

  let countryId: number | null = null;
  if (ctx.flags.needcountry === 1) {
    if (values.countryId === null) issues.push({ field: 'countryId', code: NominalError.requiredCountry });
    else if (!ctx.regionsByCountry.has(values.countryId)) issues.push({ field: 'countryId', code: NominalError.notValidCountry });
    else countryId = values.countryId;
  }

  let regionId: number | null = null;
  if (countryId !== null && regionApplies(ctx, countryId)) {
    if (values.regionId === null) issues.push({ field: 'regionId', code: NominalError.requiredRegion });
    else if (!ctx.regionsByCountry.get(countryId)?.includes(values.regionId))
      issues.push({ field: 'regionId', code: NominalError.notValidRegion });
    else regionId = values.regionId;
  } else if (countryId !== null && ctx.flags.needregion === 1) {
    // A country with a single region: that region, without asking.
    const only = ctx.regionsByCountry.get(countryId);
    regionId = only?.length === 1 ? (only[0] as number) : null;
  }

  if (issues.length > 0) return { holder: undefined, issues };
  return {
    holder: { surname: surname as string, name: name as string, middleName, age, birthDate, docTypeId, docNumber, countryId, regionId },
    issues: [],
  };
}

/**
 * The holder rules as a zod schema (React Hook Form's resolver): the same checks as
 * validateHolder, each issue on its field's path with its code as the message.
 */
export function holderSchema(ctx: HolderContext) {
  return holderInput.transform((values, zctx) => {
    const result = validateHolder(values, ctx);
    if (result.holder) return result.holder;
    for (const issue of result.issues) zctx.addIssue({ code: 'custom', path: [issue.field], message: issue.code });
    return z.NEVER;
  });
}

/** Consent checkboxes: every one with filling = 1 must be ticked. Answers the ids left unticked. */
export function missingConsents(checkboxes: readonly { id: number; filling: number }[], ticked: ReadonlySet<number>): number[] {
  return checkboxes.filter((box) => box.filling === 1 && !ticked.has(box.id)).map((box) => box.id);
}

// ---------------------------------------------------------------------------------------------
// The two calls of the named-ticket page.

/** POST /api/order-data */
export const orderDataRequest = z.object({ hash: orderHash, lang: langField });

/** One ticket of the order. */
export const nominalItem = z.object({
  id: z.number().int(),
  ord_num: z.number().int(),
  action: partialLocalized,
  day: z.string(), // dd.mm.yyyy
  time: z.string(), // HH:MM, '00:00' = no time
  reservetime: z.number().int().min(0), // seconds left
  summa: z.number(), // roubles: the ticket's price plus its service fee
  clientcategory: partialLocalized,
  needage: z.number().int().min(0).max(2),
  needmiddlename: z.number().int().min(0).max(1),
  needdocument: z.number().int().min(0).max(1),
  needcountry: z.number().int().min(0).max(1),
  needregion: z.number().int().min(0).max(1),
  demandstatusid: z.number().int(),
  hash_id: z.string(),
  tickethash_id: z.string(),
  usereturn: z.number().int().min(0).max(1),
  usepushkarta: z.number().int().min(0).max(1),
  usenopushkarta: z.number().int().min(0).max(1),
});
export type NominalItem = z.infer<typeof nominalItem>;

export const nominalDocType = z.object({
  id: z.number().int(),
  country_id: z.number().int().nullable(),
  name: partialLocalized,
  note: partialLocalized,
});
export type NominalDocType = z.infer<typeof nominalDocType>;

export const nominalCheckbox = z.object({
  id: z.number().int(),
  name: partialLocalized,
  url: partialLocalized,
  filling: z.number().int().min(0).max(1),
  consent: z.enum(CONSENT_SCOPES).optional(),
});
export type NominalCheckbox = z.infer<typeof nominalCheckbox>;

/** sortnum: lower first (Russia, Kazakhstan, Belarus); equal ones in the visitor's alphabetical order. */
export const nominalCountry = z.object({ id: z.number().int(), code: z.string(), sortnum: z.number().int(), name: partialLocalized });
export type NominalCountry = z.infer<typeof nominalCountry>;

export const nominalRegion = z.object({ id: z.number().int(), country_id: z.number().int(), name: partialLocalized });
export type NominalRegion = z.infer<typeof nominalRegion>;

/**
 * The answer of POST /api/order-data. `response` is the list of tickets (the spec's name);
 * `demsumma` (an addition) is the order's total to pay in roubles.
 */
export const orderDataResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  response: z.array(nominalItem),
  text: partialLocalized,
  checkboxList: z.array(nominalCheckbox),
  docTypes: z.array(nominalDocType),
  countries: z.array(nominalCountry),
  regions: z.array(nominalRegion),
  demsumma: z.number(),
});
export type OrderDataResponse = z.infer<typeof orderDataResponse>;

const idOrNull = z.union([recordId, z.null()]);
const text = z.string().max(1000);

/**
 * POST /api/confirm-nominal. The spec sends lists: `id` lists the tickets and every other holder
 * field is a list in the same order (index i belongs to ticket id[i]). The captcha fields are
 * those of create order (captcha or reCAPTCHA required when enabled).
 */
export const confirmNominalRequest = z
  .object({
    ...captchaFields.shape,
    hash: orderHash,
    lang: langField,
    id: z.array(recordId).min(1).max(500),
    surname: z.array(text),
    name: z.array(text),
    middleName: z.array(text).optional(),
    age: z.array(z.union([text, z.number(), z.null()])).optional(),
    date: z.array(text).optional(),
    docTypeId: z.array(idOrNull).optional(),
    docNum: z.array(text).optional(),
    countryId: z.array(idOrNull).optional(),
    regionId: z.array(idOrNull).optional(),
    checkboxList: z
      .array(z.object({ id: recordId, checked: z.union([z.boolean(), z.literal(0), z.literal(1)]) }))
      .max(100)
      .default([]),
  })
  .superRefine((body, ctx) => {
    for (const key of ['surname', 'name', 'middleName', 'age', 'date', 'docTypeId', 'docNum', 'countryId', 'regionId'] as const) {
      const list = body[key];
      if (list !== undefined && list.length !== body.id.length) ctx.addIssue({ code: 'custom', path: [key], message: 'length' });
    }
  });
export type ConfirmNominalRequest = z.input<typeof confirmNominalRequest>;

/** The holder at position i of a confirm-nominal body. */
export function holderAt(body: z.output<typeof confirmNominalRequest>, i: number): HolderInput {
  return {
    surname: body.surname[i] ?? '',
    name: body.name[i] ?? '',
    middleName: body.middleName?.[i] ?? '',
    age: body.age?.[i] ?? '',
    date: body.date?.[i] ?? '',
    docTypeId: body.docTypeId?.[i] ?? null,
    docNum: body.docNum?.[i] ?? '',
    countryId: body.countryId?.[i] ?? null,
    regionId: body.regionId?.[i] ?? null,
  };
}

/** The answer of POST /api/confirm-nominal: '0' and the order's hash on success. */
export const confirmNominalResponse = z.object({ errorCode: z.string(), errorText: z.string(), hash: z.string() });
