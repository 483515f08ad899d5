import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Lang } from '../../../contract/lang.ts';
import { type HolderValues, emptyHolder, toHolderInput } from '../../lib/holder-values.ts';
export {
  type HolderField,
  type HolderValues,
  emptyHolder,
  maskAge,
  maskBirthDate,
  maskDocNum,
  toHolderInput,
} from '../../lib/holder-values.ts';
import {
  type ConfirmNominalRequest,
  type HolderContext,
  type HolderInput,
  type IsoDate,
  type NominalItem,
  type OrderDataResponse,
  NominalError,
  missingConsents,
  validateHolder,
} from '../../../contract/nominal.ts';

export type NominalFormValues = {
  holders: HolderValues[];
  /** Ticked consents, keyed `c<id>` (react-hook-form paths must not be bare numbers). */
  consents: Record<string, boolean>;
};

export const consentKey = (id: number) => `c${id}`;

export function initialValues(data: OrderDataResponse): NominalFormValues {
  return {
    holders: data.response.map(() => emptyHolder()),
    consents: Object.fromEntries(data.checkboxList.map((box) => [consentKey(box.id), false])),
  };
}

/** The rules' context for one ticket: its flags and the lists order-data sent. */
export function holderContext(item: NominalItem, data: OrderDataResponse, today: IsoDate): HolderContext {
  const regionsByCountry = new Map<number, number[]>(data.countries.map((c) => [c.id, []]));
  for (const region of data.regions) regionsByCountry.get(region.country_id)?.push(region.id);
  return {
    flags: item,
    today,
    docTypeIds: new Set(data.docTypes.map((d) => d.id)),
    regionsByCountry,
  };
}

/** Today as 'YYYY-MM-DD' in the venue's time zone (the server judges a birth date by the same day). */
export function todayIn(timeZone: string, now = new Date()): IsoDate {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * React Hook Form's resolver: the shared rules of contract/nominal.ts for every holder (each
 * with its own ticket's flags) and the required consents. Messages are the rules' error codes.
 */
export function nominalResolver(data: OrderDataResponse, today: () => IsoDate): Resolver<NominalFormValues> {
  return async (values) => {
    const errors: FieldErrors<NominalFormValues> = {};
    const holderErrors: Record<string, { type: string; message: string }>[] = [];
    values.holders.forEach((holder, index) => {
      const item = data.response[index];
      if (!item) return;
      const result = validateHolder(toHolderInput(holder), holderContext(item, data, today()));
      if (result.issues.length === 0) return;
      const fields: Record<string, { type: string; message: string }> = {};
      for (const issue of result.issues) fields[issue.field] = { type: 'custom', message: issue.code };
      holderErrors[index] = fields;
    });
    if (holderErrors.length > 0) errors.holders = holderErrors as FieldErrors<NominalFormValues>['holders'];
    const ticked = new Set(data.checkboxList.filter((box) => values.consents[consentKey(box.id)]).map((box) => box.id));
    const missing = missingConsents(data.checkboxList, ticked);
    if (missing.length > 0) {
      errors.consents = Object.fromEntries(
        missing.map((id) => [consentKey(id), { type: 'custom', message: NominalError.requiredConsent }]),
      ) as FieldErrors<NominalFormValues>['consents'];
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The confirm-nominal body: one list per field, in the order of the tickets. */
export function toConfirmBody(data: OrderDataResponse, values: NominalFormValues, hash: string, lang: Lang): ConfirmNominalRequest {
  const inputs = values.holders.map(toHolderInput);
  const list = <K extends keyof HolderInput>(key: K) => inputs.map((input) => input[key]);
  return {
    hash,
    lang,
    id: data.response.map((item) => item.id),
    surname: list('surname') as string[],
    name: list('name') as string[],
    middleName: list('middleName') as string[],
    age: list('age') as string[],
    date: list('date') as string[],
    docTypeId: list('docTypeId') as (number | null)[],
    docNum: list('docNum') as string[],
    countryId: list('countryId') as (number | null)[],
    regionId: list('regionId') as (number | null)[],
    checkboxList: data.checkboxList.map((box) => ({ id: box.id, checked: values.consents[consentKey(box.id)] === true })),
  };
}
