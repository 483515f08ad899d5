import type { ReactNode } from 'react';
import type { DeepPartial, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  type CatalogEventDraftInput,
  type CatalogOptionsResponse,
  type EventEditorResponse,
  catalogEventDraft,
} from '../../../../../contract/admin/catalog.ts';
import { catalogRecurrence, localDateTime } from '../../../../../contract/catalog-recurrence.ts';
import type { Lang } from '../../../../../contract/lang.ts';
import { boundsResolver } from '../../../lib/zod-errors.ts';

/** The form edits the event in the catalog file's shape, plus schedules that become sessions on save. */
export const formSchema = z.object({ event: catalogEventDraft, recurrences: z.array(catalogRecurrence) });
export type FormInput = z.input<typeof formSchema>;
export type FormOutput = z.output<typeof formSchema>;
export type EventFormApi = UseFormReturn<FormInput, unknown, FormOutput>;
export const resolver = boundsResolver(formSchema);

/**
 * A new event with the catalog file's defaults filled in, so every field starts from what an
 * import would store, and the common case ready to type: one category with one price for every
 * session, its amount empty (the member types it; 0 for free, which the save asks to confirm).
 */
export function blankEvent(options: CatalogOptionsResponse): CatalogEventDraftInput {
  const defaults = catalogEventDraft.parse({
    id: -1,
    kindId: options.kinds[0]?.id ?? 1,
    venueId: options.venues[0]?.id ?? 1,
    name: { ru: '-' },
    isPublished: false,
    categories: [{ id: -1, name: { ru: '-' } }],
  });
  return { ...defaults, name: { ru: '' }, categories: [{ id: -1, name: { ru: '' } }], prices: [newPrice(-1, -1)] };
}

/** A price of a category for every session, its amount left for the member to type. */
export const newPrice = (id: number, categoryId: number) => ({ id, categoryId, amount: undefined as unknown as number, serviceFee: 0 });

/** The next stand-in id of a list: below every id it holds, never 0. */
export const nextStandIn = (ids: number[]) => Math.min(0, ...ids) - 1;

/** '2026-12-05T12:00:00+03:00' as a datetime-local input shows it (the file writes the venue's local time). */
export const toLocalInput = (iso: string | undefined) => (iso ? iso.slice(0, 16) : '');
export const fromLocalInput = (value: string, timeZone: string) =>
  value ? localDateTime(value.slice(0, 10), value.slice(11, 16), timeZone) : undefined;

export const num = { valueAsNumber: true } as const;
export const optNum = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };

export type FieldHelper = (path: string) => {
  attrs: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
  message: ReactNode;
};

/** What every section of the event form works with. */
export type SectionProps = {
  form: EventFormApi;
  field: FieldHelper;
  /** The form's id prefix: a control at a path has the id `<idPrefix>-<path>`. */
  idPrefix: string;
  /** The section's own id, which the section navigation links to. */
  sectionId: string;
  options: CatalogOptionsResponse;
  loaded: EventEditorResponse | null;
  eventId: number | null;
  event: DeepPartial<CatalogEventDraftInput> | undefined;
  lang: Lang;
  timeZone: string;
};

type Price = NonNullable<DeepPartial<CatalogEventDraftInput>['prices']>[number];

/**
 * Whether the prices are the common case the one-row view edits: each for every session (no
 * session, no zone) and at most one per category. Anything else needs the per-session view.
 */
export function pricesAreSimple(prices: readonly (Price | undefined)[] | undefined): boolean {
  const seen = new Set<number | undefined>();
  for (const price of prices ?? []) {
    if (!price || price.sessionId != null || price.zoneId != null) return false;
    if (seen.has(price.categoryId)) return false;
    seen.add(price.categoryId);
  }
  return true;
}
