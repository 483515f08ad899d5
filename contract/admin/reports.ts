import { z } from 'zod';
import { langField, localized, recordId } from '../common.ts';
import { AGE_GROUPS } from '../concession-rules.ts';
import { CSV_DIALECTS, REPORT_GROUPS, VISITS_LAYOUTS } from './reports-rules.ts';

/** Schemas of the reports' calls (GET /api/admin/reports/...). Amounts are kopecks. */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'date');

export const reportQuery = z.object({
  from: day,
  to: day,
  eventId: z.coerce.number().pipe(recordId).optional(),
  lang: langField,
});

export const salesReportQuery = reportQuery.extend({ group: z.enum(REPORT_GROUPS).default('day') });
export const csvQuery = z.object({ dialect: z.enum(CSV_DIALECTS).default('rfc4180') });
export const salesCsvQuery = salesReportQuery.extend(csvQuery.shape);
export const occupancyCsvQuery = reportQuery.extend(csvQuery.shape);

const figures = {
  orders: z.number(),
  tickets: z.number(),
  amount: z.number(),
  returnedTickets: z.number(),
  refunds: z.number(),
  net: z.number(),
};

export const salesReportResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  group: z.enum(REPORT_GROUPS),
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({ key: z.string(), name: localized.nullable(), eventName: localized.nullable(), startsAt: z.string().nullable(), ...figures }),
  ),
  totals: z.object(figures),
});
export type SalesReportResponse = z.infer<typeof salesReportResponse>;

export const occupancyReportResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      sessionId: z.number(),
      startsAt: z.string(),
      eventName: localized,
      capacity: z.number(),
      sold: z.number(),
      held: z.number(),
      /** Seats staff blocked for the session: neither sold nor free (sold + held + blocked + soldOutside + free = capacity). */
      blocked: z.number(),
      soldOutside: z.number(),
      free: z.number(),
      /** Valid tickets the door admitted (a ticket returned afterwards no longer counts). */
      checkedIn: z.number(),
      /** Sold and not admitted yet: sold − checkedIn. */
      notCheckedIn: z.number(),
    }),
  ),
});
export type OccupancyReportResponse = z.infer<typeof occupancyReportResponse>;

/** GET /api/admin/reports/visits: the door's admissions of the period by price category and by age group. */
export const visitsReportResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  from: z.string(),
  to: z.string(),
  /** People admitted: a group ticket counts the people it admits. */
  total: z.number(),
  byCategory: z.array(
    z.object({
      /** The event the category is of: the report's rows name the events that had visits, for choosing one. */
      eventId: z.number(),
      categoryId: z.number(),
      name: localized,
      eventName: localized,
      /** The category is a concession (a document, ages, days or a monthly limit). */
      concession: z.boolean(),
      visits: z.number(),
    }),
  ),
  byAge: z.array(z.object({ group: z.enum(AGE_GROUPS), visits: z.number() })),
});
export type VisitsReportResponse = z.infer<typeof visitsReportResponse>;

/** GET /api/admin/reports/visits.csv: by category, by age group, or the lines of Rosstat's form 8-НК or 9-НК. */
export const visitsCsvQuery = reportQuery.extend(csvQuery.shape).extend({ layout: z.enum(VISITS_LAYOUTS).default('category') });
