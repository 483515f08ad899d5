import { z } from 'zod';
import { catalogHall } from '../catalog-file.ts';
import { langField, partialLocalized as localized, recordId } from '../common.ts';
import { schemeMapResponse } from '../scheme.ts';
import { HALL_LIMITS, SEAT_BLOCK_REASONS } from './halls-rules.ts';

/** Schemas of the back office's halls calls (/api/admin/halls...): halls, and seats blocked per session. */

const base = { errorCode: z.string(), errorText: z.string() };

/** The storefront's map answer without its envelope and session: what the shared renderer draws. */
const hallMap = schemeMapResponse.omit({ errorCode: true, errorText: true, calendar_id: true });

export const hallIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const hallSessionParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const hallsLangQuery = z.object({ lang: langField });

const seatIds = z
  .array(recordId, { error: 'seats' })
  .min(1, 'seats')
  .max(HALL_LIMITS.seatsPerCall, 'seats-too-many')
  .refine((ids) => new Set(ids).size === ids.length, 'seats');

/** Block seats of a session: a reason ('guest', 'technical') and an optional note. */
export const seatBlockRequest = z.object({
  seatIds,
  reason: z.enum(SEAT_BLOCK_REASONS, { error: 'reason' }),
  note: z.string({ error: 'note' }).trim().max(HALL_LIMITS.noteMax, 'note').default(''),
  lang: langField,
});
export type SeatBlockRequest = z.infer<typeof seatBlockRequest>;

export const seatUnblockRequest = z.object({ seatIds, lang: langField });
export type SeatUnblockRequest = z.infer<typeof seatUnblockRequest>;

export const seatBlockResponse = z.object({ ...base, seatIds: z.array(z.number()) });

/** A seated event and its sessions, for the page's session picker. */
export const hallSessionsResponse = z.object({
  ...base,
  events: z.array(
    z.object({
      id: z.number(),
      name: localized,
      hallId: z.number(),
      sessions: z.array(z.object({ id: z.number(), startsAt: z.string(), hasTime: z.boolean(), isCancelled: z.boolean() })),
    }),
  ),
});
export type HallSessionsResponse = z.infer<typeof hallSessionsResponse>;

export const seatBlockEntry = z.object({
  seatId: z.number(),
  reason: z.enum(SEAT_BLOCK_REASONS),
  note: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export type SeatBlockEntry = z.infer<typeof seatBlockEntry>;

/**
 * The hall of a session as the storefront's map answer draws it (`map`), with each seat's state
 * beside it: `states[r]` has one letter per seat of `map.seat_numbers[r]` (SEAT_STATE_LETTERS).
 */
export const hallSessionMapResponse = z.object({
  ...base,
  session: z.object({
    id: z.number(),
    eventId: z.number(),
    eventName: localized,
    hallId: z.number(),
    startsAt: z.string(),
    hasTime: z.boolean(),
  }),
  map: hallMap,
  states: z.array(z.string()),
  blocks: z.array(seatBlockEntry),
});
export type HallSessionMapResponse = z.infer<typeof hallSessionMapResponse>;

export const hallListResponse = z.object({
  ...base,
  halls: z.array(
    z.object({
      id: z.number(),
      name: localized,
      venueId: z.number(),
      venueName: localized,
      seats: z.number(),
      standingAreas: z.number(),
      revision: z.number(),
      updatedAt: z.string().nullable(),
      updatedBy: z.string().nullable(),
    }),
  ),
  venues: z.array(z.object({ id: z.number(), name: localized })),
});
export type HallListResponse = z.infer<typeof hallListResponse>;

/** A hall in the catalog file's shape (seats given one by one) and the revision to send back with a change. */
export const hallFileResponse = z.object({ ...base, hall: catalogHall, revision: z.number() });

export const HALL_SOURCE_FORMATS = ['catalog', 'pretix'] as const;
export type HallSourceFormat = (typeof HALL_SOURCE_FORMATS)[number];

/**
 * A hall to check or save, as the text a member pasted or uploaded: a catalog-format hall or a
 * pretix seating plan. A new hall (no hallId) gets its ids from the server and sits in venueId;
 * an existing one is replaced by a catalog-format hall with its own ids, at the revision loaded.
 */
export const hallSourceRequest = z
  .object({
    format: z.enum(HALL_SOURCE_FORMATS, { error: 'format' }),
    source: z.string({ error: 'source' }).min(1, 'source').max(HALL_LIMITS.sourceMaxChars, 'source-too-large'),
    venueId: recordId.optional(),
    hallId: recordId.optional(),
    revision: z.number().int().positive().optional(),
    lang: langField,
  })
  .superRefine((value, ctx) => {
    if (value.hallId === undefined && value.venueId === undefined) ctx.addIssue({ code: 'custom', path: ['venueId'], message: 'venue' });
    if (value.hallId !== undefined && value.revision === undefined)
      ctx.addIssue({ code: 'custom', path: ['revision'], message: 'revision' });
    if (value.hallId !== undefined && value.format !== 'catalog')
      ctx.addIssue({ code: 'custom', path: ['format'], message: 'format-replace' });
  });
export type HallSourceRequest = z.infer<typeof hallSourceRequest>;

/** The shapes of a pretix seating plan's areas. */
export const PRETIX_AREA_SHAPES = ['rectangle', 'ellipse', 'circle', 'polygon', 'text'] as const;
export type PretixAreaShape = (typeof PRETIX_AREA_SHAPES)[number];

/**
 * What an imported plan holds that the hall does not keep, and why:
 * - `area`: a free shape (a bar, a table, a text) other than the stage; our hall has no free shapes;
 * - `stage-shape`: the stage was an ellipse, a circle, a polygon or rotated, and is kept as its bounding box;
 * - `seat-radius`: seats' drawn size; our map sizes every seat from the spacing of the seats;
 * - `row-label`, `seat-label`: the phrases around row and seat numbers ("Reihe %s"); we name them by number;
 * - `start-direction`: seats where booking in order starts; our sale has no such rule;
 * - `row-number-position`: where the row numbers are drawn; our map places them itself;
 * - `category-color`: a colour that is not #rrggbb; the default colour is used;
 * - `category-duplicate`: a second category of the same name; its seats belong to the first.
 */
export const HALL_LEFT_OUT_KINDS = [
  'area',
  'stage-shape',
  'seat-radius',
  'row-label',
  'seat-label',
  'start-direction',
  'row-number-position',
  'category-color',
  'category-duplicate',
] as const;
export type HallLeftOutKind = (typeof HALL_LEFT_OUT_KINDS)[number];

/**
 * One thing left out: `name` is what the plan calls it (an area's text, else its uuid; a
 * category's name), `shape` an area's shape, `value` what was dropped (a phrase, a radius, a
 * colour, a direction), `count` how many seats, rows or areas it concerns.
 */
export const hallLeftOutEntry = z.object({
  kind: z.enum(HALL_LEFT_OUT_KINDS),
  name: z.string().nullable(),
  shape: z.enum(PRETIX_AREA_SHAPES).nullable(),
  value: z.string().nullable(),
  count: z.number().int().positive(),
});
export type HallLeftOutEntry = z.infer<typeof hallLeftOutEntry>;

/**
 * The hall the source describes, drawn as the storefront would draw it, before anything is saved,
 * with what the source held that the hall does not keep (always empty for the catalog format).
 */
export const hallPreviewResponse = z.object({
  ...base,
  hall: catalogHall,
  leftOut: z.array(hallLeftOutEntry),
  counts: z.object({ zones: z.number(), sectors: z.number(), seats: z.number(), standingAreas: z.number() }),
  map: hallMap,
});
export type HallPreviewResponse = z.infer<typeof hallPreviewResponse>;

export const hallSaveResponse = z.object({ ...base, hallId: z.number(), revision: z.number() });
