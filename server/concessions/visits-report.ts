import { AdminErrorCode } from '../../contract/admin/errors.ts';
import { type CsvDialect, type VisitsLayout, isReportPeriod } from '../../contract/admin/reports-rules.ts';
import { AGE_GROUPS, ageGroupOf } from '../../contract/concession-rules.ts';
import type { Lang } from '../../contract/lang.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { type TextKey, serverText } from '../locales/texts.ts';
import { fullLocalized } from '../order-view/dates.ts';
import { toCsv } from '../admin/reports/csv.ts';
import { type VisitsRow, findVisits } from './visits.repository.ts';

type Input = { from: string; to: string; eventId?: number | null };

/** The lines of a state form: which visits each counts. */
type FormLine = { key: Parameters<typeof formLineText>[0]; counts: (r: VisitsRow) => boolean };
const formLineText = (key: 'total' | 'concession' | 'under14' | 'under16' | 'under18' | 'youth15to28' | 'ageUnknown', lang: Lang) =>
  serverText('visitsReport', key, lang);

const known = (r: VisitsRow) => r.age !== null;
const FORMS: Record<'8-nk' | '9-nk', FormLine[]> = {
  // Museums: visits, of them by visitors of concession categories, by those under 16 and under 18.
  '8-nk': [
    { key: 'total', counts: () => true },
    { key: 'concession', counts: (r) => r.concession },
    { key: 'under16', counts: (r) => known(r) && (r.age ?? 0) < 16 },
    { key: 'under18', counts: (r) => known(r) && (r.age ?? 0) < 18 },
    { key: 'ageUnknown', counts: (r) => !known(r) },
  ],
  // Theatres: spectators, of them children up to 14 and the young from 15 to 28, and concessions.
  // "До 14 лет" is read as 14 included, so the two age lines meet (docs/concessions.md: the form's
  // current instructions could not be read).
  '9-nk': [
    { key: 'total', counts: () => true },
    { key: 'under14', counts: (r) => known(r) && (r.age ?? 0) <= 14 },
    { key: 'youth15to28', counts: (r) => known(r) && (r.age ?? 0) >= 15 && (r.age ?? 0) <= 28 },
    { key: 'concession', counts: (r) => r.concession },
    { key: 'ageUnknown', counts: (r) => !known(r) },
  ],
};

const sum = (rows: readonly VisitsRow[]) => rows.reduce((n, r) => n + r.visits, 0);

/** Visits from the door's real admissions, by price category and by age group, and their CSV files (also laid out for 8-НК and 9-НК). */
export function createVisitsReport(deps: { db: Queryable; timeZone: string }) {
  async function rowsOf(input: Input) {
    if (!isReportPeriod(input.from, input.to)) {
      throw new BusinessError(AdminErrorCode.reportRange, { status: 400, details: { fields: [{ path: 'to', code: 'report-range' }] } });
    }
    return findVisits(deps.db, { from: input.from, to: input.to, timeZone: deps.timeZone, eventId: input.eventId ?? null });
  }

  async function visits(input: Input) {
    const rows = await rowsOf(input);
    const categories = new Map<
      number,
      {
        eventId: number;
        categoryId: number;
        name: VisitsRow['category_name'];
        eventName: VisitsRow['event_name'];
        concession: boolean;
        visits: number;
      }
    >();
    for (const r of rows) {
      const c = categories.get(r.category_id) ?? {
        eventId: r.event_id,
        categoryId: r.category_id,
        name: r.category_name,
        eventName: r.event_name,
        concession: r.concession,
        visits: 0,
      };
      c.visits += r.visits;
      categories.set(r.category_id, c);
    }
    const byAge = AGE_GROUPS.map((group) => ({ group, visits: sum(rows.filter((r) => ageGroupOf(r.age) === group)) }));
    return {
      from: input.from,
      to: input.to,
      total: sum(rows),
      byCategory: [...categories.values()].map((c) => ({ ...c, name: fullLocalized(c.name), eventName: fullLocalized(c.eventName) })),
      byAge,
    };
  }

  /** The CSV file of a layout, its headers in the staff member's language. */
  async function visitsCsv(input: Input & { layout: VisitsLayout; lang: Lang; dialect: CsvDialect }) {
    const text = (key: TextKey<'visitsReport'>) => serverText('visitsReport', key, input.lang);
    if (input.layout === 'category') {
      const report = await visits(input);
      return toCsv(
        [text('event'), text('category'), text('concessionColumn'), text('visits')],
        [
          ...report.byCategory.map((c) => [c.eventName[input.lang], c.name[input.lang], c.concession ? text('yes') : text('no'), c.visits]),
          [text('total'), '', '', report.total],
        ],
        input.dialect,
      );
    }
    if (input.layout === 'age') {
      const report = await visits(input);
      return toCsv(
        [text('ageGroup'), text('visits')],
        [...report.byAge.map((a) => [serverText('visitsAgeGroups', a.group, input.lang), a.visits]), [text('total'), report.total]],
        input.dialect,
      );
    }
    const rows = await rowsOf(input);
    const lines = FORMS[input.layout].map((line, i) => {
      const counted = rows.filter(line.counts);
      return [
        i + 1,
        formLineText(line.key, input.lang),
        sum(counted),
        sum(counted.filter((r) => !r.group_ticket)),
        sum(counted.filter((r) => r.group_ticket)),
      ];
    });
    return toCsv([text('line'), text('indicator'), text('visits'), text('individual'), text('excursion')], lines, input.dialect);
  }

  return { visits, visitsCsv };
}
export type VisitsReport = ReturnType<typeof createVisitsReport>;
