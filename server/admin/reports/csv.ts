import type { CsvDialect } from '../../../contract/admin/reports-rules.ts';

export type CsvCell = string | number | null;

/** A money column: minor units written as major units with two decimals. */
export type CsvMoney = { money: number };

const BOM = '\uFEFF';

/**
 * Whether a spreadsheet could read a text cell as a formula: = + - @, a tab, a CR or a LF first,
 * after any spaces, and their look-alikes that spreadsheets fold into them (full-width ＝ ＋ － ＠,
 * the small ﹦ ﹢ ﹣ ﹫, the minus sign −): compatibility normalization (NFKC) makes each of those
 * its ASCII sign, and the minus sign is added by hand, since NFKC keeps it.
 */
export function startsLikeFormula(value: string): boolean {
  const lead = value.slice(0, 16).normalize('NFKC');
  return /^[\t\r\n]|^[\s\u00a0\u3000]*[=+\-@\u2212]/.test(lead);
}

/**
 * A CSV file that Excel opens as written: UTF-8 with a byte order mark (without it Excel reads
 * the file in the machine's ANSI code page and Cyrillic turns to mojibake), CRLF line ends, and
 * RFC 4180 quoting: a field holding the separator, a quote or a line break is quoted, its quotes
 * doubled. The 'excel-semicolon' dialect separates by ';' and writes decimal commas, as Excel
 * expects where the list separator is ';' (Russian and Kazakh settings). A text cell that
 * starts like a formula (startsLikeFormula) gets a leading apostrophe, so an event name can never
 * run as a formula in a spreadsheet.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (CsvCell | CsvMoney)[])[],
  dialect: CsvDialect = 'rfc4180',
): string {
  const separator = dialect === 'excel-semicolon' ? ';' : ',';
  const cell = (value: CsvCell | CsvMoney): string => {
    if (value === null) return '';
    if (typeof value === 'object') {
      const text = (value.money / 100).toFixed(2);
      return dialect === 'excel-semicolon' ? text.replace('.', ',') : text;
    }
    if (typeof value === 'number') return String(value);
    const text = startsLikeFormula(value) ? `'${value}` : value;
    return /[",;\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(separator));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
