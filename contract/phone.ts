import { AsYouType, type CountryCode, getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The phone rule of the ordinary order forms (quantity and seats) and of the server, on one
 * phone library and one metadata set ('min': lengths and formats of every country, no number
 * types), so the browser and the server agree on what a number is. No zod here: the event and
 * scheme pages load this module with their buyer form, not with the page.
 *
 * The wire value is E.164 ('+79000000000'). The form turns what the visitor typed beside the
 * chosen country into it: a national number ('900 000-00-00'), one typed with the country code
 * ('+7 900 000-00-00', '7 900…') or with the trunk prefix ('8 900 000 00 00') are all the same
 * number. The server is strict: it takes only an international number whose digits are exactly
 * the country code and a national number of a possible length for that country, so
 * '+7 79000000000' or '+7 89000000000' (an 11-digit Russian national number) is refused rather
 * than guessed at.
 */

const KNOWN = new Set<string>(getCountries());

function countryCode(iso: string): CountryCode | undefined {
  return KNOWN.has(iso) ? (iso as CountryCode) : undefined;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The number typed beside the chosen country as E.164, or undefined while it is not a possible
 * number (too short, too long, or no digits at all).
 */
export function typedPhoneToE164(iso: string, typed: string): string | undefined {
  if (digitsOf(typed).length === 0) return undefined;
  const parsed = parsePhoneNumberFromString(typed, countryCode(iso));
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * What the phone input shows for what the visitor typed: the chosen country's grouping as far as
 * the digits go ('8 (900) 000-00-00', '+7 900 000 00 00', '900 000-00-00'). Characters other than
 * digits, one leading '+' and the separators are dropped.
 */
export function formatTypedPhone(iso: string, typed: string): string {
  const clean = typed.replace(/[^\d+\s()-]/g, '').replace(/(?!^)\+/g, '');
  if (digitsOf(clean).length === 0) return clean.startsWith('+') ? '+' : '';
  return new AsYouType(countryCode(iso)).input(clean);
}

/**
 * The server's check of a wire phone: an international number ('+', then digits, spaces, dashes,
 * brackets) whose digits are the country code and a national number of a possible length for
 * that country. Answers its E.164 form, or undefined when the number is impossible.
 */
export function wirePhoneToE164(value: string): string | undefined {
  const text = value.trim();
  if (!/^\+[\d\s()-]+$/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isPossible()) return undefined;
  // The library forgives a trunk prefix after the country code ('+7 8 900…'); the wire does not.
  return digitsOf(parsed.number) === digitsOf(text) ? parsed.number : undefined;
}
