import { type DateFormatter, intlHasKazakh, kazakhDateFormat } from './kk-dates.ts';

/**
 * Intl formatters are costly to build (locale data lookup) and cheap to reuse: one instance per
 * locale and options for the whole page (date formatting at boot, once per card).
 * Kazakh dates are written out (kk-dates.ts) where the browser's Intl has no Kazakh data.
 */
const dateFormats = new Map<string, DateFormatter>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    found = locale === 'kk' && !intlHasKazakh() ? kazakhDateFormat(options) : new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, found);
  }
  return found;
}
