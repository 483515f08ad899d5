import type { HolderInput } from '../../contract/nominal.ts';

/**
 * One named-ticket holder as a form edits it, shared by the storefront's named-ticket page and the
 * box office's sale (both check it with contract/nominal.ts), and the input masks both use.
 */

/** One holder as the form edits it: every value a string (selects hold '' for none). */
export type HolderValues = {
  surname: string;
  name: string;
  middleName: string;
  age: string;
  date: string;
  docTypeId: string;
  docNum: string;
  countryId: string;
  regionId: string;
};
export type HolderField = keyof HolderValues;

export const emptyHolder = (): HolderValues => ({
  surname: '',
  name: '',
  middleName: '',
  age: '',
  date: '',
  docTypeId: '',
  docNum: '',
  countryId: '',
  regionId: '',
});

const idOrNull = (value: string): number | null => (value === '' ? null : Number(value));

export function toHolderInput(values: HolderValues): HolderInput {
  return {
    surname: values.surname,
    name: values.name,
    middleName: values.middleName,
    age: values.age,
    date: values.date,
    docTypeId: idOrNull(values.docTypeId),
    docNum: values.docNum,
    countryId: idOrNull(values.countryId),
    regionId: idOrNull(values.regionId),
  };
}

/** The birth-date mask dd.mm.yyyy: digits only, dots put in as the visitor types. */
export function maskBirthDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`;
}

/** The age field: at most 2 digits. */
export function maskAge(input: string): string {
  return input.replace(/\D/g, '').slice(0, 2);
}

/** Document types whose numbers hold Cyrillic capitals or roman numerals are typed in capitals. */
export function maskDocNum(input: string, docTypeId: string): string {
  return ['3', '4', '5'].includes(docTypeId) ? input.toUpperCase() : input;
}
