import { useEffect, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { formatPushkinPhone } from '../../../contract/buyer-format.ts';
import type { CrmClient } from '../../../contract/setup.ts';
import { type PhoneCountry, defaultCountry, findCountry, lookupCountry } from '../phone-field/phone-countries.ts';

// The third-party IP-to-country lookup: off unless a URL is set at build time.
const COUNTRY_LOOKUP_URL: string | undefined = import.meta.env.VITE_PHONE_COUNTRY_LOOKUP_URL;

export type BuyerValues = {
  fio: string;
  country: PhoneCountry;
  /** The phone as typed beside the country (masked); sent as E.164. */
  phone: string;
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
  let phone = '';
  if (data?.phone) {
    const digits = data.phone.replace(/\D/g, '');
    // A CRM phone of 11 digits starting with 7 or 8 and no '+' is a Russian number.
    if (!data.phone.trim().startsWith('+') && digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
      country = findCountry('RU') ?? country;
    }
    phone = data.phone.trim();
  }
  return {
    fio: data ? [data.last_name, data.first_name, data.middle_name].filter(Boolean).join(' ') : '',
    country,
    phone,
    email: data?.email ?? '',
    reEmail: data?.email ?? '',
    surname: data?.last_name ?? '',
    name: data?.first_name ?? '',
    patronymic: data?.middle_name ?? '',
    noPatronymic: false,
    pushkinPhone: data?.phone ? formatPushkinPhone(data.phone) : '',
  };
}

/** The phone typed beside a country as E.164, undefined while impossible (contract/phone.ts typedPhoneToE164). */
export type PhoneToE164 = (iso: string, typed: string) => string | undefined;

/**
 * The wire fields of the buyer for POST /api/order/create. The ordinary phone goes as E.164;
 * one that is not a possible number goes as typed, for the schema to refuse.
 */
export function buyerPayload(values: BuyerValues, pushkin: boolean, toE164: PhoneToE164) {
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
  return { pushkarta: 0 as const, ...ordinaryBuyerPayload(values, toE164) };
}

/** The ordinary buyer's wire fields (fio, the phone as E.164), as the scheme's order sends them. */
export function ordinaryBuyerPayload(values: BuyerValues, toE164: PhoneToE164) {
  return {
    fio: values.fio,
    phone: toE164(values.country.iso, values.phone) ?? values.phone.trim(),
    email: values.email,
    re_email: values.reEmail,
  };
}

/** The buyer's wire fields of POST /api/order/create (buyerPayload's answer). */
export type WireBuyer = ReturnType<typeof buyerPayload>;

/** The form field a wire field's error belongs to (the phone is the national number or the card's masked phone). */
export function buyerFormField(wire: string, pushkin: boolean): keyof BuyerValues | undefined {
  if (wire === 'phone') return pushkin ? 'pushkinPhone' : 'phone';
  if (wire === 're_email') return 'reEmail';
  return (['fio', 'email', 'surname', 'name', 'patronymic'] as const).find((field) => field === wire);
}

/**
 * The buyer's checks (buyer-validation.ts: the contract schemas, zod, zodResolver) load apart
 * from the pages: the event and scheme pages paint without them. The import starts when the
 * buyer form appears (BuyerForm calls this) and the resolver waits for it, so a submit is
 * always checked by the same schemas, however fast the visitor is.
 */
export const loadBuyerValidation = () => import('./buyer-validation.ts');

export type BuyerOptions = {
  /** The venue's currency: the phone's default country. */
  currency: string;
  /** The CRM client whose data fill the fields in (the event page in a CRM's frame). */
  crm: CrmClient | null;
  /** Paid by the Pushkin card: the names and the masked phone instead of fio and the country's phone. */
  pushkin: boolean;
  /** What the visitor had typed before the form was taken off the page. */
  kept?: BuyerValues | undefined;
  /**
   * When errors first show: 'submit' where the order button sits below other blocks (the event
   * page: checking on blur would move the button under the visitor's pointer as messages appear),
   * 'touched' where the button closes the form (the scheme's cart).
   */
  firstCheck: 'submit' | 'touched';
  /**
   * A refused submit focuses the first invalid field. Off where the page focuses the first invalid
   * field of a larger form itself (the event page: buyer fields and consents alike).
   */
  focusFirstError: boolean;
};

/**
 * The buyer's fields in React Hook Form, prefilled from the CRM client (or `kept`), validated by
 * the contract schemas through zodResolver (loaded on demand: loadBuyerValidation). Errors first
 * show as `firstCheck` says and then follow each change (reValidateMode onChange).
 */
export function useBuyer({ currency, crm, pushkin, kept, firstCheck, focusFirstError }: BuyerOptions) {
  const resolver = useMemo<Resolver<BuyerValues>>(
    () => async (values, context, options) => (await loadBuyerValidation()).buyerResolver(pushkin)(values, context, options),
    [pushkin],
  );
  const form = useForm<BuyerValues>({
    defaultValues: kept ?? initialValues(currency, crm),
    mode: firstCheck === 'submit' ? 'onSubmit' : 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: focusFirstError,
    resolver,
  });
  const { getValues, setValue } = form;

  useEffect(() => {
    if (!COUNTRY_LOOKUP_URL || crm?.data.phone) return;
    let cancelled = false;
    lookupCountry(COUNTRY_LOOKUP_URL).then(
      (iso) => {
        const found = findCountry(iso);
        // Only while the visitor has typed nothing: never change a number under their fingers.
        if (!cancelled && found && !getValues('phone')) setValue('country', found);
      },
      // The spec's failure: 'unable to fetch the country'; the setup's default country stays.
      (error: unknown) => console.warn(error instanceof Error ? error.message : 'unable to fetch the country'),
    );
    return () => {
      cancelled = true;
    };
  }, [crm, getValues, setValue]);

  // After the first submit every change re-checks the whole form, so errors that depend on
  // another field (the repeated e-mail, the phone's country) follow it too.
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change' && form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** Shows the server's field errors ({wire field: code}) on the matching fields. */
  const showServerErrors = (errors: Record<string, string>) => {
    for (const [wire, code] of Object.entries(errors)) {
      const field = buyerFormField(wire, pushkin);
      if (field) form.setError(field, { type: 'server', message: code });
    }
  };
  return { form, showServerErrors };
}
