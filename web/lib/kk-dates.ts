/**
 * Kazakh dates written out as CLDR writes them ('2030 ж. 11 наурыз, дүйсенбі', '11 нау.',
 * '11 наурыз, 17:00'), for a browser whose Intl knows the 'kk' locale but has no data for it:
 * Debian's Chromium formats Kazakh dates with the root locale ('2030 M03 11, Mon'). Only the
 * fields the storefront asks for: weekday (long, short), day (numeric), month (long, short),
 * year (numeric), hour and minute (2-digit, 24-hour); the numbers come from an English
 * Intl.DateTimeFormat in the requested time zone, which every browser has.
 * kk-dates.test.ts checks every option set the pages use against Node's Intl, which has the data.
 */
const MONTHS_LONG = ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'];
const MONTHS_SHORT = ['қаң.', 'ақп.', 'нау.', 'сәу.', 'мам.', 'мау.', 'шіл.', 'там.', 'қыр.', 'қаз.', 'қар.', 'жел.'];
// From Sunday, as Date.getUTCDay() counts.
const WEEKDAYS_LONG = ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'];
const WEEKDAYS_SHORT = ['жс', 'дс', 'сс', 'ср', 'бс', 'жм', 'сб'];
const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type DateFormatter = { format(date?: Date | number): string };

export function kazakhDateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const numbers = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone ?? 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    format(date = Date.now()) {
      const parts = Object.fromEntries(numbers.formatToParts(date).map((p) => [p.type, p.value]));
      const month = Number(parts.month) - 1;
      const weekday = EN_WEEKDAYS.indexOf(parts.weekday ?? '');

      let text = '';
      if (options.month) {
        const name = (options.month === 'short' ? MONTHS_SHORT : MONTHS_LONG)[month] ?? '';
        // A month named alone is the standalone form: capitalized when long ('Наурыз'), not when short.
        text = options.day
          ? `${Number(parts.day)} ${name}`
          : options.month === 'short'
            ? name
            : name.charAt(0).toUpperCase() + name.slice(1);
      } else if (options.day) {
        text = String(Number(parts.day));
      }
      if (options.year) text = text ? `${parts.year} ж. ${text}` : String(parts.year);
      if (options.weekday) {
        const name = (options.weekday === 'long' ? WEEKDAYS_LONG : WEEKDAYS_SHORT)[weekday] ?? '';
        text = text ? `${text}, ${name}` : name;
      }
      if (options.hour) {
        const time = options.minute ? `${parts.hour}:${parts.minute}` : String(parts.hour);
        text = text ? `${text}, ${time}` : time;
      }
      return text;
    },
  };
}

let kazakhData: boolean | undefined;

/** Whether this browser's Intl writes Kazakh month names (Debian's Chromium writes 'M03'). */
export function intlHasKazakh(): boolean {
  kazakhData ??=
    new Intl.DateTimeFormat('kk', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2030, 2, 11)) === '11 наурыз';
  return kazakhData;
}
