import { z } from 'zod';
import {
  catalogCategory,
  catalogCheckbox,
  catalogEvent,
  catalogKind,
  catalogMainMenu,
  catalogPrice,
  catalogRulesDocument,
  catalogSession,
  catalogSubMenu,
  catalogTag,
  catalogVenue,
  catalogZone,
  localizedName,
} from '../catalog-file.ts';
import { catalogRecurrence } from '../catalog-recurrence.ts';
import { MAX_INT4 } from '../common.ts';
import { adminErrorResponse } from './api.ts';

/**
 * The back office's catalog editor. An event is edited in the catalog file's own shape
 * (contract/catalog-file.ts catalogEvent), so the form, the server and the import check one
 * schema. The one addition: an entry the form has just added has no id yet; it carries a
 * negative stand-in (-1, -2, ...) that other entries of the form refer to (a price's categoryId),
 * and the server gives it a real id on save.
 */

// Any value is taken and read as the storefront reads it (unknown means ru), never refused.
const langField = z.string().max(16).optional();

/** An id in a draft: a stored entry's own (positive), or a negative stand-in for a new one. */
export const draftId = z
  .number()
  .int()
  .min(-MAX_INT4)
  .max(MAX_INT4)
  .refine((n) => n !== 0, 'invalid');

export const catalogEventDraft = catalogEvent.extend({
  id: draftId,
  /** Empty: the server makes one from the name (the storefront address /event/{hash}). */
  hash: z.union([z.literal(''), catalogEvent.shape.hash]).default(''),
  categories: z.array(catalogCategory.extend({ id: draftId })).default([]),
  sessions: z.array(catalogSession.extend({ id: draftId })).default([]),
  prices: z.array(catalogPrice.extend({ id: draftId, categoryId: draftId, sessionId: draftId.optional() })).default([]),
});
export type CatalogEventDraft = z.output<typeof catalogEventDraft>;
export type CatalogEventDraftInput = z.input<typeof catalogEventDraft>;

/** POST /api/admin/catalog/events (revision left out) and PUT /api/admin/catalog/events/:id. */
export const eventSaveRequest = z.object({
  /** The revision the form was loaded at; a save on an older one is refused (catalog-stale). */
  revision: z.number().int().positive().max(MAX_INT4).optional(),
  event: catalogEventDraft,
  /** Schedules expanded into more sessions on save, as the form previewed them. */
  recurrences: z.array(catalogRecurrence).max(20).default([]),
  /** The member has seen the warnings of an earlier answer (409 -2256) and saves anyway. */
  confirm: z.boolean().default(false),
  lang: langField,
});
export type EventSaveRequest = z.input<typeof eventSaveRequest>;

export const eventIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT4) });

const named = z.object({ id: z.number().int(), name: localizedName });

/** Who saved an entry last and when: the import command has no member of staff (null). */
const stamp = z.object({ revision: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });

/** GET /api/admin/catalog/events/:id: the event as the form edits it, and what sales pin down. */
export const eventEditorResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  event: catalogEvent,
  ...stamp.shape,
  /** Sessions, prices and categories orders use: the form warns before their removal is refused. */
  inUse: z.object({ sessions: z.array(z.number().int()), prices: z.array(z.number().int()), categories: z.array(z.number().int()) }),
  /** Places sold or held in the storefront per session id, the least a capacity may be. */
  taken: z.record(z.string(), z.number().int()),
  hasOrders: z.boolean(),
});
export type EventEditorResponse = z.infer<typeof eventEditorResponse>;

/** GET /api/admin/catalog/options: what an event's form chooses from. */
export const catalogOptionsResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  /** The venue's zone: session times are written and shown in it. */
  timeZone: z.string(),
  kinds: z.array(named),
  mainMenus: z.array(named.extend({ kindId: z.number().int() })),
  subMenus: z.array(named.extend({ mainMenuId: z.number().int() })),
  venues: z.array(named),
  halls: z.array(named.extend({ venueId: z.number().int() })),
  tags: z.array(named),
  /** Zones a price may name: a hall's (hallId) or the hall-less price levels (null). */
  zones: z.array(named.extend({ hallId: z.number().int().nullable() })),
});
export type CatalogOptionsResponse = z.infer<typeof catalogOptionsResponse>;

export const EVENT_PUBLISHED_FILTERS = ['all', 'published', 'unpublished'] as const;

/** GET /api/admin/catalog/events: a search by name or address, a kind, published or not. */
export const eventListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  kindId: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  published: z.enum(EVENT_PUBLISHED_FILTERS).default('all'),
  lang: langField,
});

export const eventListEntry = z.object({
  id: z.number().int(),
  hash: z.string(),
  name: localizedName,
  kindId: z.number().int(),
  isPublished: z.boolean(),
  sessionCount: z.number().int(),
  /** The next session that has not started, or null. */
  nextSession: z.string().nullable(),
  revision: z.number().int(),
});
export type EventListEntry = z.infer<typeof eventListEntry>;

export const eventListResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  events: z.array(eventListEntry),
});

/** POST /api/admin/catalog/events/:id/publish */
export const eventPublishRequest = z.object({
  revision: z.number().int().positive().max(MAX_INT4),
  published: z.boolean(),
  /** As a save's: publishing an event no visitor can see goes through only confirmed. */
  confirm: z.boolean().default(false),
  lang: langField,
});

/**
 * Why a save or publication waits for confirmation (409 -2256): each on the form's field path,
 * in the member's language. free-price: a price of 0; past-session: a session that has started,
 * in the venue's time zone; not-visible: published with no future session or no price;
 * price-change: a price changed on an event with orders (placed orders keep what they paid).
 */
export const EVENT_WARNING_CODES = ['free-price', 'past-session', 'no-future-session', 'no-price', 'price-change'] as const;
export const eventWarning = z.object({ path: z.string(), code: z.enum(EVENT_WARNING_CODES), text: z.string() });
export type EventWarning = z.infer<typeof eventWarning>;
/** A save's or publication's 409: the other refusals' shape, and the warnings when the code is -2256. */
export const eventConflictResponse = adminErrorResponse.extend({ warnings: z.array(eventWarning).optional() });

/** DELETE /api/admin/catalog/events/:id?revision=N */
export const eventDeleteQuery = z.object({
  revision: z.coerce.number().int().positive().max(MAX_INT4),
  lang: langField,
});

export const eventSavedResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  id: z.number().int(),
  hash: z.string(),
  revision: z.number().int(),
  catalogVersion: z.number().int(),
});

export const eventDeletedResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  catalogVersion: z.number().int(),
});

/**
 * The catalog's entries without children of their own, edited one at a time like an event: in
 * the file's shape, a negative stand-in id for a new one. zones are the file's top-level zones
 * only (price levels of events sold without a seat map); a hall's zones travel with the hall.
 */
export const SIMPLE_ENTRY_KINDS = ['kinds', 'mainMenus', 'subMenus', 'venues', 'tags', 'checkboxes', 'rules', 'zones'] as const;
export type SimpleEntryKind = (typeof SIMPLE_ENTRY_KINDS)[number];

export const simpleEntrySchemas = {
  kinds: catalogKind.extend({ id: draftId }),
  mainMenus: catalogMainMenu.extend({ id: draftId }),
  subMenus: catalogSubMenu.extend({ id: draftId }),
  venues: catalogVenue.extend({ id: draftId }),
  tags: catalogTag.extend({ id: draftId }),
  checkboxes: catalogCheckbox.extend({ id: draftId }),
  rules: catalogRulesDocument.extend({ id: draftId }),
  zones: catalogZone.extend({ id: draftId }),
} as const satisfies Record<SimpleEntryKind, z.ZodType>;

export const entryKindParams = z.object({ kind: z.enum(SIMPLE_ENTRY_KINDS) });
export const entryParams = entryKindParams.extend({ id: z.coerce.number().int().positive().max(MAX_INT4) });

/** POST /api/admin/catalog/entries/:kind and PUT .../:kind/:id; the entry is checked by its kind's schema. */
export const entrySaveRequest = z.object({
  revision: z.number().int().positive().max(MAX_INT4).optional(),
  entry: z.record(z.string(), z.unknown()),
  lang: langField,
});

export const entryListResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  entries: z.array(z.object({ entry: z.record(z.string(), z.unknown()), ...stamp.shape })),
});

export const entrySavedResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  id: z.number().int(),
  revision: z.number().int(),
});

/** DELETE /api/admin/catalog/entries/:kind/:id?revision=N: an entry nothing uses any more. */
export const entryDeleteQuery = eventDeleteQuery;
export const entryDeletedResponse = eventDeletedResponse;
