/**
 * Rules of the back office's reports that the server and the admin pages share. Zod-free.
 */
export const REPORT_GROUPS = ['day', 'event', 'session', 'category', 'payment', 'channel'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The visits CSV's layouts: rows per category, per age group, or the lines of the state forms 8-НК (museums) and 9-НК (theatres). */
export const VISITS_LAYOUTS = ['category', 'age', '8-nk', '9-nk'] as const;
export type VisitsLayout = (typeof VISITS_LAYOUTS)[number];

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;

/** CSV flavours: RFC 4180 with commas, or semicolons and decimal commas for Excel set to Russian, Kazakh or another locale that separates lists by ';'. */
export const CSV_DIALECTS = ['rfc4180', 'excel-semicolon'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];

/** Days between two calendar dates 'YYYY-MM-DD', both counted. */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether a period is one a report can cover: the start not after the end, at most REPORT_MAX_DAYS days. */
export function isReportPeriod(from: string, to: string): boolean {
  const days = daysInPeriod(from, to);
  return Number.isInteger(days) && days >= 1 && days <= REPORT_MAX_DAYS;
}
