/**
 * Countries of the phone input's chooser with their calling codes. The first ones are the
 * storefront's usual visitors; the rest follow alphabetically by ISO code.
 */
export type PhoneCountry = { iso: string; dial: string; flag: string };

const LIST: [string, string][] = [
  ['RU', '7'],
  ['KZ', '7'],
  ['BY', '375'],
  ['CN', '86'],
  ['UZ', '998'],
  ['KG', '996'],
  ['AM', '374'],
  ['AZ', '994'],
  ['TJ', '992'],
  ['TM', '993'],
  ['GE', '995'],
  ['MD', '373'],
  ['UA', '380'],
  ['MN', '976'],
  ['AE', '971'],
  ['AR', '54'],
  ['AT', '43'],
  ['AU', '61'],
  ['BE', '32'],
  ['BG', '359'],
  ['BR', '55'],
  ['CA', '1'],
  ['CH', '41'],
  ['CY', '357'],
  ['CZ', '420'],
  ['DE', '49'],
  ['DK', '45'],
  ['EE', '372'],
  ['EG', '20'],
  ['ES', '34'],
  ['FI', '358'],
  ['FR', '33'],
  ['GB', '44'],
  ['GR', '30'],
  ['HK', '852'],
  ['HU', '36'],
  ['ID', '62'],
  ['IE', '353'],
  ['IL', '972'],
  ['IN', '91'],
  ['IR', '98'],
  ['IT', '39'],
  ['JP', '81'],
  ['KR', '82'],
  ['LT', '370'],
  ['LV', '371'],
  ['MX', '52'],
  ['MY', '60'],
  ['NL', '31'],
  ['NO', '47'],
  ['NZ', '64'],
  ['PL', '48'],
  ['PT', '351'],
  ['RO', '40'],
  ['RS', '381'],
  ['SA', '966'],
  ['SE', '46'],
  ['SG', '65'],
  ['TH', '66'],
  ['TR', '90'],
  ['US', '1'],
  ['VN', '84'],
];

const flagOf = (iso: string) => String.fromCodePoint(...[...iso].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

export const PHONE_COUNTRIES: PhoneCountry[] = LIST.map(([iso, dial]) => ({ iso, dial, flag: flagOf(iso) }));

/**
 * The input takes at most 25 characters (a masked number with its country code fits). Whether
 * the number is possible for its country (national lengths included) is the phone library's rule,
 * contract/phone.ts.
 */
export const PHONE_INPUT_MAXLENGTH = 25;

export function findCountry(iso: string | undefined): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((c) => c.iso === iso);
}

/**
 * The country a type-ahead search lands on, looking from the option `from` on and round the end:
 * the first whose ISO code (letters) or calling code (digits) starts with what was typed. One key
 * typed again and again steps to the next country starting with it (WAI-ARIA APG listbox).
 */
export function findCountryByTyping(typed: string, from: number): number | undefined {
  const text = typed.toLowerCase();
  const repeated = [...text].every((ch) => ch === text[0]);
  const search = repeated ? text.slice(0, 1) : text;
  const start = repeated ? from + 1 : from;
  for (let step = 0; step < PHONE_COUNTRIES.length; step++) {
    const index = (start + step) % PHONE_COUNTRIES.length;
    const country = PHONE_COUNTRIES[index];
    if (country && (country.iso.toLowerCase().startsWith(search) || country.dial.startsWith(search))) return index;
  }
  return undefined;
}

/** The default country from the setup: the venue's currency says where it sells. */
export function defaultCountry(currency: string): PhoneCountry {
  const iso = { RUB: 'RU', KZT: 'KZ', CNY: 'CN', USD: 'US' }[currency] ?? 'RU';
  return findCountry(iso) ?? (PHONE_COUNTRIES[0] as PhoneCountry);
}

/**
 * Reads the answer of the IP-to-country lookup: plain text whose first
 * character is '1', then a two-letter country code; anything else fails with
 * 'unable to fetch the country'.
 */
export function parseCountryLookup(answer: string): string {
  if (answer[0] !== '1') throw new Error('unable to fetch the country');
  const iso = answer.slice(1, 3).toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso)) throw new Error('unable to fetch the country');
  return iso;
}

/**
 * Asks the IP-to-country service, when one is configured at build time
 * (VITE_PHONE_COUNTRY_LOOKUP_URL). Off by default: it is a third-party call.
 */
export async function lookupCountry(url: string | undefined, fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  if (!url) return undefined;
  const res = await fetchImpl(url, { method: 'GET' });
  if (!res.ok) throw new Error('unable to fetch the country');
  return parseCountryLookup(await res.text());
}
