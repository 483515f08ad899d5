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
  session: z.object({ id: z.number(), eventId: z.number(), eventName: localized, hallId: z.number(), startsAt: z.string(), hasTime: z.boolean() }),
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
    if (value.hallId !== undefined && value.revision === undefined) ctx.addIssue({ code: 'custom', path: ['revision'], message: 'revision' });
    if (value.hallId !== undefined && value.format !== 'catalog') ctx.addIssue({ code: 'custom', path: ['format'], message: 'format-replace' });
  });
export type HallSourceRequest = z.infer<typeof hallSourceRequest>;

/** The hall the source describes, drawn as the storefront would draw it, before anything is saved. */
export const hallPreviewResponse = z.object({
  ...base,
  hall: catalogHall,
  counts: z.object({ zones: z.number(), sectors: z.number(), seats: z.number(), standingAreas: z.number() }),
  map: hallMap,
});
export type HallPreviewResponse = z.infer<typeof hallPreviewResponse>;

export const hallSaveResponse = z.object({ ...base, hallId: z.number(), revision: z.number() });
