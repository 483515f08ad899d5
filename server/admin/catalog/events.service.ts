import type { CatalogEventDraft, EventWarning } from '../../../contract/admin/catalog.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { type CatalogEventInput, writtenAtMidnight } from '../../../contract/catalog-file.ts';
import { eventHashFrom } from '../../../contract/catalog-hash.ts';
import { type CatalogRecurrence, expandRecurrence } from '../../../contract/catalog-recurrence.ts';
import { type Currency, formatPrice } from '../../../contract/format-price.ts';
import { type Lang, pickLocalized } from '../../../contract/lang.ts';
import { type CatalogIssue, CatalogImportError } from '../../catalog/catalog-issues.ts';
import { exportCatalog, exportEvent } from '../../catalog/export.ts';
import { importCatalogIn, lockCatalog } from '../../catalog/import.ts';
import { sanitizeHtml } from '../../catalog/sanitize-html.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import {
  bumpCatalogVersion,
  deleteEventRow,
  findEventOptions,
  findEventUsage,
  findEvents,
  findSubscriptionsOf,
  hashesStartingWith,
  findRevision,
  nextIds,
  readCatalogVersionIn,
} from './catalog-admin.repository.ts';
import { findEventNames } from '../offers/offers-admin.repository.ts';
import { claimRevision, recordEditor } from './revision.ts';

export type CatalogActor = { id: number; ip: string; userAgent: string | null };

/** Who made a catalog change, from where and when, as its audit entry records it. */
export const byActor = (actor: CatalogActor, at: Date) => ({ staffId: actor.id, ip: actor.ip, userAgent: actor.userAgent, at });

type Deps = {
  db: Db;
  now: () => number;
  timeZone: string;
  audit: AuditWriter;
  /** The storefront's currency, for the amounts a price-change warning names. */
  currency: () => Promise<Currency>;
};

type FieldError = { path: string; code: string; text: string };

/** The import's problems with one event, on the form's fields ('event.sessions.0.capacity'). */
function fieldsOf(issues: readonly CatalogIssue[], draftSessions: number, lang: Lang): FieldError[] {
  return issues.map((issue) => {
    // The import names fields 'sessions[2].capacity'; the form's paths are dotted.
    let path = issue.field.replace(/\[(\d+)\]/g, '.$1');
    const session = /^sessions\.(\d+)/.exec(path);
    // Sessions past the form's own came from its schedules.
    if (session && Number(session[1]) >= draftSessions) path = 'recurrences';
    if (issue.code === 'in-use') {
      const what = String(issue.params?.what ?? '');
      const list = what === 'session' ? 'sessions' : what === 'price' ? 'prices' : 'categories';
      const key = what === 'session' ? 'in-use-session' : what === 'price' ? 'in-use-price' : 'in-use-category';
      return { path: `event.${list}`, code: `in-use-${what}`, text: serverText('adminCatalog', key, lang, { id: issue.params?.id ?? '' }) };
    }
    if (issue.code === 'below-sold') return { path: `event.${path}`, code: 'below-sold', text: belowSoldText(issue.params ?? {}, lang) };
    if (issue.code === 'in-subscription') {
      const name = pickLocalized(JSON.parse(String(issue.params?.name ?? '{}')) as Record<string, string>, lang);
      return { path: `event.${path}`, code: 'in-subscription', text: serverText('adminCatalog', 'in-subscription', lang, { name }) };
    }
    if (issue.code === 'empty-composition')
      return { path: `event.${path}`, code: 'empty-composition', text: serverText('adminCatalog', 'empty-composition', lang) };
    if (issue.code === 'subscription-price')
      return { path: `event.${path}`, code: 'subscription-price', text: serverText('adminCatalog', 'subscription-price', lang) };
    if (issue.code === 'visit-time')
      return { path: `event.${path}`, code: 'visit-time', text: serverText('adminCatalog', 'visit-time', lang) };
    if (
      issue.code === 'composition-not-subscription' ||
      issue.code === 'subscription-in-subscription' ||
      issue.code === 'subscription-item-twice'
    ) {
      return { path: `event.${path}`, code: issue.code, text: serverText('adminCatalog', issue.code, lang) };
    }
    if (issue.code === 'unknown-subscription-item' || issue.code === 'hash-taken') {
      return {
        path: `event.${path}`,
        code: issue.code,
        text: serverText('adminCatalog', issue.code, lang, { id: issue.params?.id ?? '' }),
      };
    }
    return {
      path: path === '' ? 'event' : `event.${path}`,
      code: 'invalid',
      text: serverText('adminCatalog', 'other', lang, { message: issue.message }),
    };
  });
}

/** A capacity under what is taken; the seats blocked for the session count as taken, and are named when there are some. */
function belowSoldText(params: Readonly<Record<string, string | number>>, lang: Lang): string {
  const taken = params.taken ?? '';
  return params.blocked
    ? serverText('adminCatalog', 'below-sold-blocked', lang, { taken, blocked: params.blocked })
    : serverText('adminCatalog', 'below-sold', lang, { taken });
}

function refusedFields(fields: FieldError[]): BusinessError {
  return new BusinessError(AdminErrorCode.catalogInvalid, { status: 400, details: { fields } });
}

/**
 * The import's refusals as the editor answers them. Taking events out of a sold subscription is
 * a conflict with what buyers hold, not a typing mistake: 409 -2405 naming the events in the
 * member's language, with the form's other problems on their fields beside it.
 */
async function refusal(tx: Queryable, error: CatalogImportError, draftSessions: number, lang: Lang): Promise<BusinessError> {
  const sold = error.issues.find((i) => i.code === 'sold-subscription-item');
  const fields = fieldsOf(
    error.issues.filter((i) => i !== sold),
    draftSessions,
    lang,
  );
  if (!sold) return refusedFields(fields);
  const ids = String(sold.params?.ids ?? '')
    .split(',')
    .map(Number)
    .filter((id) => id > 0);
  const events = await findEventNames(tx, ids);
  const text = (l: Lang) => adminErrorText(AdminErrorCode.subscriptionItemSold, l, events.map((n) => pickLocalized(n.name, l)).join(', '));
  return new BusinessError(AdminErrorCode.subscriptionItemSold, {
    status: 409,
    text,
    details: { fields: [{ path: `event.${sold.field}`, code: 'in-use-subscription-item', text: text(lang) }, ...fields] },
  });
}

/** Sessions of each schedule, with the capacity the schedule gives them. */
function scheduledSessions(recurrences: readonly CatalogRecurrence[], timeZone: string) {
  return recurrences.flatMap((r) =>
    expandRecurrence(r, timeZone).map((startsAt) => ({ startsAt, capacity: r.capacity, groupCapacity: r.groupCapacity })),
  );
}

/** What of an event the warnings compare: the catalog file's shape, before or after a save. */
type Shown = {
  isPublished?: boolean | undefined;
  isFree?: boolean | undefined;
  sessions?: ReadonlyArray<{ id: number; startsAt: string; hasTime?: boolean | undefined; isCancelled?: boolean | undefined }> | undefined;
  prices?: ReadonlyArray<{ id: number; amount: number }> | undefined;
};

/** The venue's calendar day of a moment: '2026-12-05'. */
const venueDay = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

/**
 * A session over as the storefront counts it (docs/afisha.md): a timed one once it has started,
 * a whole-day one (no time: written at local midnight) once its day has ended in the venue's zone.
 */
function isOver(session: { startsAt: string; hasTime?: boolean | undefined }, now: number, timeZone: string): boolean {
  const at = Date.parse(session.startsAt);
  if (session.hasTime ?? !writtenAtMidnight(session.startsAt)) return at <= now;
  return venueDay(at, timeZone) < venueDay(now, timeZone);
}

/**
 * Why visitors would find nothing to buy in a published event: its sessions are all over or
 * cancelled, or it has no price. An event with no session at all is listed as "soon on sale"
 * (docs/afisha.md), an announcement on purpose: nothing to warn about.
 */
function hiddenBy(event: Shown, now: number, timeZone: string): Array<'no-future-session' | 'no-price'> {
  const sessions = event.sessions ?? [];
  if (sessions.length === 0) return [];
  const reasons: Array<'no-future-session' | 'no-price'> = [];
  if (!sessions.some((s) => !s.isCancelled && !isOver(s, now, timeZone))) reasons.push('no-future-session');
  if ((event.prices ?? []).length === 0) reasons.push('no-price');
  return reasons;
}

/** Publishing (or saving published) an event no visitor can see, unless it was already so before. */
function visibilityWarnings(after: Shown, before: Shown | undefined, now: number, timeZone: string, lang: Lang): EventWarning[] {
  if (!after.isPublished) return [];
  const reasons = hiddenBy(after, now, timeZone);
  if (before?.isPublished && hiddenBy(before, now, timeZone).length > 0) return [];
  return reasons.map((code) => ({
    path: code === 'no-price' ? 'event.prices' : 'event.sessions',
    code,
    text: serverText('adminCatalog', `warning-${code}`, lang),
  }));
}

/** A moment as the venue's clock shows it: '2026-12-05 12:00'. */
function venueTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/**
 * What a save asks the member to confirm before it goes through: a new price of 0 (on an event
 * not marked free), a session set to a moment already past (in the venue's time zone; one for
 * all of the schedules' sessions), publishing an event no visitor can see, and a price changed
 * on an event with orders (placed orders keep what they paid). Each on the form's field.
 */
function warningsOf(input: {
  after: Shown;
  before: Shown | undefined;
  draftSessions: number;
  hasOrders: boolean;
  now: number;
  timeZone: string;
  lang: Lang;
  money: (kopecks: number) => string;
}): EventWarning[] {
  const { after, before, lang } = input;
  const warnings: EventWarning[] = [];
  const oldSessions = new Map((before?.sessions ?? []).map((s) => [s.id, s.startsAt]));
  const oldPrices = new Map((before?.prices ?? []).map((p) => [p.id, p.amount]));
  let scheduleWarned = false;
  (after.sessions ?? []).forEach((s, i) => {
    const at = Date.parse(s.startsAt);
    if (s.isCancelled || !isOver(s, input.now, input.timeZone)) return;
    const old = oldSessions.get(s.id);
    if (old !== undefined && Date.parse(old) === at) return;
    const fromSchedule = i >= input.draftSessions;
    if (fromSchedule && scheduleWarned) return;
    scheduleWarned ||= fromSchedule;
    warnings.push({
      path: fromSchedule ? 'recurrences' : `event.sessions.${i}.startsAt`,
      code: 'past-session',
      // A whole-day session is named by its day alone.
      text: serverText('adminCatalog', 'warning-past-session', lang, {
        time: (s.hasTime ?? !writtenAtMidnight(s.startsAt)) ? venueTime(s.startsAt, input.timeZone) : venueDay(at, input.timeZone),
      }),
    });
  });
  (after.prices ?? []).forEach((p, i) => {
    const old = oldPrices.get(p.id);
    if (p.amount === 0 && !after.isFree && old !== 0) {
      warnings.push({ path: `event.prices.${i}.amount`, code: 'free-price', text: serverText('adminCatalog', 'warning-free-price', lang) });
    }
    if (input.hasOrders && old !== undefined && old !== p.amount) {
      warnings.push({
        path: `event.prices.${i}.amount`,
        code: 'price-change',
        text: serverText('adminCatalog', 'warning-price-change', lang, { before: input.money(old), after: input.money(p.amount) }),
      });
    }
  });
  return [...warnings, ...visibilityWarnings(after, before, input.now, input.timeZone, lang)];
}

/** 409 -2256: nothing is written (the transaction rolls back); the same request with confirm goes through. */
function needsConfirmation(warnings: EventWarning[]): BusinessError {
  return new BusinessError(AdminErrorCode.catalogNeedsConfirmation, { status: 409, details: { warnings } });
}

/**
 * The draft as a catalog file's event: new entries (negative stand-in ids) get the next free ids
 * and the references to them follow, schedules become sessions, descriptions are sanitized.
 */
function resolveDraft(
  draft: CatalogEventDraft,
  eventId: number,
  hash: string,
  next: Awaited<ReturnType<typeof nextIds>>,
  extra: ReturnType<typeof scheduledSessions>,
): CatalogEventInput {
  const ids = { sessions: next.sessions, categories: next.categories, prices: next.prices };
  const maps = { sessions: new Map<number, number>(), categories: new Map<number, number>() };
  const give = (kind: 'sessions' | 'categories' | 'prices', id: number) => {
    if (id > 0) return id;
    const fresh = ids[kind];
    ids[kind] += 1;
    if (kind !== 'prices') maps[kind].set(id, fresh);
    return fresh;
  };
  const categories = draft.categories.map((c) => ({ ...c, id: give('categories', c.id) }));
  const sessions = draft.sessions.map((s) => ({ ...s, id: give('sessions', s.id) }));
  const unknown: CatalogIssue[] = [];
  const ref = (kind: 'sessions' | 'categories', id: number, field: string) => {
    if (id > 0) return id;
    const found = maps[kind].get(id);
    if (found === undefined)
      unknown.push({ entry: '', field, message: `unknown ${kind === 'sessions' ? 'session' : 'category'} (not one of this event)` });
    return found ?? id;
  };
  const prices = draft.prices.map((p, i) => ({
    ...p,
    id: give('prices', p.id),
    categoryId: ref('categories', p.categoryId, `prices[${i}].categoryId`),
    ...(p.sessionId === undefined ? {} : { sessionId: ref('sessions', p.sessionId, `prices[${i}].sessionId`) }),
  }));
  // A stand-in that no entry of the form carries: refused here, on its field, before the import.
  if (unknown.length > 0)
    throw new CatalogImportError(
      unknown.map((u) => `${u.field}: ${u.message}`),
      unknown,
    );
  for (const s of extra)
    sessions.push({
      id: ids.sessions++,
      startsAt: s.startsAt,
      ...(s.capacity === undefined ? {} : { capacity: s.capacity }),
      groupCapacity: s.groupCapacity,
      soldOutside: 0,
      isCancelled: false,
    });
  const description = Object.fromEntries(Object.entries(draft.description).map(([lang, html]) => [lang, sanitizeHtml(html ?? '')]));
  return { ...draft, id: eventId, hash, description, categories, sessions, prices };
}

async function uniqueHash(tx: Queryable, draft: CatalogEventDraft): Promise<string> {
  const base = eventHashFrom(draft.name);
  const taken = await hashesStartingWith(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The back office's event editor. Every save goes through the catalog import (one event in a
 * file of its own), so the form meets exactly the rules of an imported file and a change that
 * would harm a sale is refused the same way; the revision check, the write, the editor's stamp
 * and the audit entry share one transaction.
 */
export function createEventEditor(deps: Deps) {
  const { db, timeZone } = deps;
  const at = () => new Date(deps.now());

  async function save(input: {
    id?: number;
    revision?: number;
    draft: CatalogEventDraft;
    recurrences: CatalogRecurrence[];
    confirm: boolean;
    actor: CatalogActor;
    lang: Lang;
  }) {
    const currency = await deps.currency();
    return db.transaction(async (tx) => {
      // New ids are the next free ones: the import lock keeps a second save from taking them too.
      await lockCatalog(tx);
      let before: unknown;
      let eventId: number;
      let hash = input.draft.hash;
      const next = await nextIds(tx);
      let hasOrders = false;
      if (input.id !== undefined) {
        if (input.revision === undefined)
          throw refusedFields([
            { path: 'revision', code: 'required', text: serverText('adminCatalog', 'other', input.lang, { message: 'revision' }) },
          ]);
        await claimRevision(tx, 'events', input.id, input.revision, timeZone);
        before = await exportEvent(tx, input.id, timeZone);
        eventId = input.id;
        hasOrders = (await findEventUsage(tx, input.id)).hasOrders;
        if (hash === '') hash = (before as { hash?: string } | undefined)?.hash ?? (await uniqueHash(tx, input.draft));
      } else {
        eventId = next.events;
        if (hash === '') hash = await uniqueHash(tx, input.draft);
      }
      let event: CatalogEventInput;
      try {
        event = resolveDraft(input.draft, eventId, hash, next, scheduledSessions(input.recurrences, timeZone));
        await importCatalogIn(tx, { events: [event] });
      } catch (error) {
        if (error instanceof CatalogImportError) throw await refusal(tx, error, input.draft.sessions.length, input.lang);
        throw error;
      }
      // After the import, so a form with mistakes hears of them first; a refusal here rolls the import back.
      if (!input.confirm) {
        const warnings = warningsOf({
          after: event,
          before: before as Shown | undefined,
          draftSessions: input.draft.sessions.length,
          hasOrders,
          now: deps.now(),
          timeZone,
          lang: input.lang,
          money: (kopecks) => formatPrice(kopecks, currency, input.lang),
        });
        if (warnings.length > 0) throw needsConfirmation(warnings);
      }
      const revision = await recordEditor(tx, 'events', eventId, input.actor.id, at());
      const after = await exportEvent(tx, eventId, timeZone);
      await deps.audit(tx, {
        action: before === undefined ? 'catalog.event.create' : 'catalog.event.update',
        subjectType: 'event',
        subjectId: String(eventId),
        ...(before === undefined ? {} : { before }),
        after,
        ...byActor(input.actor, at()),
      });
      return { id: eventId, hash, revision, catalogVersion: await readCatalogVersionIn(tx) };
    });
  }

  return {
    options: async () => ({ timeZone, ...(await findEventOptions(db)) }),

    list: async (filter: { q?: string | undefined; kindId?: number | undefined; published: 'all' | 'published' | 'unpublished' }) =>
      (await findEvents(db, { ...filter, now: at() })).map((e) => ({
        id: e.id,
        hash: e.hash,
        name: e.name,
        kindId: e.kind_id,
        isPublished: e.is_published,
        sessionCount: e.session_count,
        nextSession: e.next_session ? new Date(e.next_session).toISOString() : null,
        revision: e.revision,
      })),

    async load(id: number) {
      return db.transaction(async (tx) => {
        const event = await exportEvent(tx, id, timeZone);
        const stamp = await findRevision(tx, 'events', id);
        if (!event || !stamp) throw new BusinessError(AdminErrorCode.catalogNotFound, { status: 404 });
        const usage = await findEventUsage(tx, id);
        return {
          event,
          revision: stamp.revision,
          updatedAt: stamp.updated_at ? new Date(stamp.updated_at).toISOString() : null,
          updatedBy: stamp.updated_by_name,
          inUse: { sessions: usage.sessions, prices: usage.prices, categories: usage.categories },
          taken: usage.taken,
          hasOrders: usage.hasOrders,
        };
      });
    },

    create: (input: { draft: CatalogEventDraft; recurrences: CatalogRecurrence[]; confirm: boolean; actor: CatalogActor; lang: Lang }) =>
      save(input),

    update: (input: {
      id: number;
      revision: number | undefined;
      draft: CatalogEventDraft;
      recurrences: CatalogRecurrence[];
      confirm: boolean;
      actor: CatalogActor;
      lang: Lang;
    }) =>
      save(
        input.revision === undefined
          ? {
              id: input.id,
              draft: input.draft,
              recurrences: input.recurrences,
              confirm: input.confirm,
              actor: input.actor,
              lang: input.lang,
            }
          : input,
      ),

    /**
     * Puts the event on the storefront or takes it off, its sales and orders untouched. Putting
     * on one no visitor can see (no future session, no price) waits for confirmation.
     */
    async publish(input: { id: number; revision: number; published: boolean; confirm: boolean; actor: CatalogActor; lang: Lang }) {
      return db.transaction(async (tx) => {
        await claimRevision(tx, 'events', input.id, input.revision, timeZone);
        const before = await exportEvent(tx, input.id, timeZone);
        if (!before) throw new BusinessError(AdminErrorCode.catalogNotFound, { status: 404 });
        if (!input.confirm) {
          const warnings = visibilityWarnings({ ...before, isPublished: input.published }, before, deps.now(), timeZone, input.lang);
          if (warnings.length > 0) throw needsConfirmation(warnings);
        }
        await importCatalogIn(tx, { events: [{ ...before, isPublished: input.published }] });
        const revision = await recordEditor(tx, 'events', input.id, input.actor.id, at());
        await deps.audit(tx, {
          action: input.published ? 'catalog.event.publish' : 'catalog.event.unpublish',
          subjectType: 'event',
          subjectId: String(input.id),
          before: { isPublished: before.isPublished },
          after: { isPublished: input.published },
          ...byActor(input.actor, at()),
        });
        return { id: input.id, hash: before.hash, revision, catalogVersion: await readCatalogVersionIn(tx) };
      });
    },

    /** Deletes an event nobody ordered; one with orders is refused (unpublishing takes it off sale). */
    async remove(input: { id: number; revision: number; actor: CatalogActor }) {
      return db.transaction(async (tx) => {
        await claimRevision(tx, 'events', input.id, input.revision, timeZone);
        if ((await findEventUsage(tx, input.id)).hasOrders) throw new BusinessError(AdminErrorCode.catalogEventHasOrders, { status: 409 });
        if ((await findSubscriptionsOf(tx, input.id)).length > 0)
          throw new BusinessError(AdminErrorCode.catalogEventInSubscription, { status: 409 });
        const before = await exportEvent(tx, input.id, timeZone);
        await deleteEventRow(tx, input.id);
        const catalogVersion = await bumpCatalogVersion(tx);
        await deps.audit(tx, {
          action: 'catalog.event.delete',
          subjectType: 'event',
          subjectId: String(input.id),
          before,
          ...byActor(input.actor, at()),
        });
        return { catalogVersion };
      });
    },

    exportAll: () => exportCatalog(db, timeZone),
  };
}
export type EventEditor = ReturnType<typeof createEventEditor>;
