/**
 * Intl formatters are costly to build (locale data lookup) and cheap to reuse: one instance per
 * locale and options for the whole page (issue #10: date formatting at boot, once per card).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, found);
  }
  return found;
}
