import { useEffect, useState } from 'react';
import type { z } from 'zod';
import {
  BuyerError,
  buyerFieldErrors,
  buyerSchema,
  convertCyrillicLayout,
  formatPushkinPhone,
  pushkinBuyerSchema,
  pushkinPatronymicSchema,
} from '../../../../contract/buyer.ts';
import type { CrmClient } from '../../../../contract/setup.ts';
import { type PhoneCountry, defaultCountry, findCountry, fullPhone, lookupCountry, nationalLengthOk } from '../lib/phone-countries.ts';

// The third-party IP-to-country lookup of spec section 7: off unless a URL is set at build time.
const COUNTRY_LOOKUP_URL: string | undefined = import.meta.env.VITE_PHONE_COUNTRY_LOOKUP_URL;

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
  // Cross-field rules run only once the fields themselves pass; show them together with the rest.
  if (pushkin && !values.noPatronymic && !errors.patronymic && !pushkinPatronymicSchema.safeParse(values.patronymic).success) {
    errors.patronymic = BuyerError.notValidPatronymic;
  }
  if (!errors.re_email && !errors.email && convertCyrillicLayout(values.reEmail.trim()) !== convertCyrillicLayout(values.email.trim())) {
    errors.re_email = BuyerError.reEmail;
  }
  // The country chooser's own rule (spec section 9): the national number is 2–17 digits.
  if (!pushkin && values.national && !nationalLengthOk(values.national) && !errors.phone) errors.phone = 'not-valid-phone';
  return errors;
}

/**
 * The buyer's fields, prefilled from the CRM client, with their errors. Errors appear on the
 * first submit and then follow each change; checking on blur before that would move the submit
 * button under the visitor's pointer as messages appear.
 */
export function useBuyer(currency: string, crm: CrmClient | null) {
  const [values, setValues] = useState<BuyerValues>(() => initialValues(currency, crm));
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState<{ pushkin: boolean } | undefined>();

  useEffect(() => {
    if (!COUNTRY_LOOKUP_URL || crm?.data.phone) return;
    let cancelled = false;
    lookupCountry(COUNTRY_LOOKUP_URL).then(
      (iso) => {
        const found = findCountry(iso);
        // Only while the visitor has typed nothing: never change a number under their fingers.
        if (!cancelled && found) setValues((current) => (current.national ? current : { ...current, country: found }));
      },
      // The spec's failure: 'unable to fetch the country'; the setup's default country stays.
      (error: unknown) => console.warn(error instanceof Error ? error.message : 'unable to fetch the country'),
    );
    return () => {
      cancelled = true;
    };
  }, [crm]);

  const set = <K extends keyof BuyerValues>(key: K, value: BuyerValues[K]) => {
    const next = { ...values, [key]: value };
    // Typing with the Russian layout still gives a Latin e-mail (spec section 5).
    if (key === 'email' || key === 'reEmail') next[key] = convertCyrillicLayout(String(value)) as BuyerValues[K];
    if (key === 'pushkinPhone') next.pushkinPhone = formatPushkinPhone(String(value));
    setValues(next);
    if (checking) setErrorsState(validateBuyer(next, checking.pushkin));
  };
  /** Shows errors (from the submit or the server) and keeps them current from then on. */
  const setErrors = (next: Record<string, string>, pushkin: boolean) => {
    setErrorsState(next);
    setChecking({ pushkin });
  };
  return { values, set, errors, setErrors };
}
