import { useState } from 'react';
import type { z } from 'zod';
import { buyerFieldErrors, buyerSchema, convertCyrillicLayout, formatPushkinPhone, pushkinBuyerSchema } from '../../../../contract/buyer.ts';
import type { CrmClient } from '../../../../contract/setup.ts';
import { type PhoneCountry, defaultCountry, findCountry, fullPhone, nationalLengthOk } from '../lib/phone-countries.ts';

export type BuyerValues = {
  fio: string;
  country: PhoneCountry;
  national: string;
  email: string;
  reEmail: string;
  surname: string;
  name: string;
  patronymic: string;
  noPatronymic: boolean;
  pushkinPhone: string;
};

function initialValues(currency: string, crm: CrmClient | null): BuyerValues {
  const data = crm?.data;
  let country = defaultCountry(currency);
  let national = '';
  if (data?.phone) {
    const digits = data.phone.replace(/\D/g, '');
    // A CRM phone of 11 digits starting with 7 or 8 is a Russian number.
    if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
      country = findCountry('RU') ?? country;
      national = digits.slice(1);
    } else {
      national = digits;
    }
  }
  return {
    fio: data ? [data.last_name, data.first_name, data.middle_name].filter(Boolean).join(' ') : '',
    country,
    national,
    email: data?.email ?? '',
    reEmail: data?.email ?? '',
    surname: data?.last_name ?? '',
    name: data?.first_name ?? '',
    patronymic: data?.middle_name ?? '',
    noPatronymic: false,
    pushkinPhone: data?.phone ? formatPushkinPhone(data.phone) : '',
  };
}

/** The wire fields of the buyer for POST /api/order/create. */
export function buyerPayload(values: BuyerValues, pushkin: boolean) {
  if (pushkin) {
    return {
      pushkarta: 1 as const,
      surname: values.surname,
      name: values.name,
      patronymic: values.noPatronymic ? '' : values.patronymic,
      nopatronymic: values.noPatronymic,
      phone: values.pushkinPhone,
      email: values.email,
      re_email: values.reEmail,
    };
  }
  return { pushkarta: 0 as const, fio: values.fio, phone: fullPhone(values.country, values.national), email: values.email, re_email: values.reEmail };
}

/** Checks the buyer with the contract schemas; answers { field: code } for the form. */
export function validateBuyer(values: BuyerValues, pushkin: boolean): Record<string, string> {
  const payload = buyerPayload(values, pushkin);
  const result = pushkin
    ? pushkinBuyerSchema.safeParse({ ...payload, noPatronymic: values.noPatronymic })
    : buyerSchema.safeParse(payload);
  const errors = result.success ? {} : buyerFieldErrors(result.error as z.ZodError);
  // The country chooser's own rule (spec section 9): the national number is 2–17 digits.
  if (!pushkin && values.national && !nationalLengthOk(values.national) && !errors.phone) errors.phone = 'not-valid-phone';
  return errors;
}

/** The buyer's fields, prefilled from the CRM client, with their errors. */
export function useBuyer(currency: string, crm: CrmClient | null) {
  const [values, setValues] = useState<BuyerValues>(() => initialValues(currency, crm));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof BuyerValues>(key: K, value: BuyerValues[K]) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      // Typing with the Russian layout still gives a Latin e-mail (spec section 5).
      if (key === 'email' || key === 'reEmail') next[key] = convertCyrillicLayout(String(value)) as BuyerValues[K];
      if (key === 'pushkinPhone') next.pushkinPhone = formatPushkinPhone(String(value));
      return next;
    });
  };
  /** Re-checks one field after the visitor leaves it (only if it was already wrong or is filled). */
  const touch = (field: string, pushkin: boolean) => {
    const all = validateBuyer(values, pushkin);
    setErrors((current) => {
      const next = Object.fromEntries(Object.entries(current).filter(([key]) => key !== field));
      const code = all[field];
      if (code) next[field] = code;
      return next;
    });
  };
  return { values, set, errors, setErrors, touch };
}
