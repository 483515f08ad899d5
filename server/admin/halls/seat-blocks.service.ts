import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { HallSessionMapResponse, SeatBlockRequest } from '../../../contract/admin/halls.ts';
import { SEATS_NAMED_MAX, SEAT_STATE_LETTERS, type SeatState } from '../../../contract/admin/halls-rules.ts';
import { type Lang, pickLocalized } from '../../../contract/common.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { readCatalogVersion } from '../../catalog/catalog-version.ts';
import { bumpCatalogVersion, lockCatalogImportShared } from '../../catalog/catalog-write.repository.ts';
import { type HallLayout, buildHallLayout, unpricedMapOf } from '../../seating/hall-layout.ts';
import { findHallModel } from '../../seating/seating.repository.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import {
  type HallSeatRow,
  deleteSeatBlocks,
  findHallSeatsNamed,
  findHallSession,
  findSeatBlocks,
  findSeatOrders,
  findSeatedEvents,
  insertSeatBlocks,
  lockSeatClaims,
} from './halls.repository.ts';

const notFound = () => new BusinessError(ErrorCode.notFound, { status: 404 });

/** "Партер, ряд 1, место 5; …" for the first seats, then how many more. */
export function namesOf(seats: readonly HallSeatRow[], lang: Lang): string {
  const named = seats
    .slice(0, SEATS_NAMED_MAX)
    .map((s) =>
      serverText('adminHalls', 'seat', lang, { sector: pickLocalized(s.sector_name, lang), row: s.row_label, seat: s.seat_label }),
    );
  const more = seats.length - named.length;
  return named.join('; ') + (more > 0 ? ` (+${more})` : '');
}

const refusal = (
  code: typeof AdminErrorCode.seatsNotFree | typeof AdminErrorCode.seatsAlreadyBlocked | typeof AdminErrorCode.seatsNotBlocked,
  seats: readonly HallSeatRow[],
) => new BusinessError(code, { status: 409, text: (lang) => adminErrorText(code, lang, namesOf(seats, lang)) });

/**
 * Seats staff take off sale for one session (a guest's seat, a technical one) and give back. A
 * block and a buyer's hold of one seat take the same claim lock (migration 0950), so exactly one
 * of them wins; the storefront's map answer reads blocks with the taken seats, so its cache
 * follows on the next call.
 *
 * A blocked seat is a place the session no longer has free: the block takes it from the session's
 * places left and the unblock gives it back, in the same statement as the block rows (triggers of
 * migration 1010). Both move the catalog version too, so the afisha, which keeps the places left
 * for a few seconds between orders, and every other cached answer show the new count on the next
 * call, on every instance; staff block seats rarely, so the rebuilds cost nothing that matters.
 *
 * Lock order, the same for both: the import's lock shared (an import holds session rows and
 * deletes seats, whose blocks give places back), then the seats' claim locks in seat order (as a
 * buyer's seat lines take them), then the session's row (as a buyer's stock take does).
 */
export function createSeatBlocks(deps: { db: Db; now: () => number; audit: AuditWriter }) {
  const { db } = deps;
  // A hall's drawing changes only with the catalog: kept per hall and language while the version
  // stands, so a 21 000-seat hall is laid out once, not on every look at one of its sessions.
  const layouts = new Map<string, { version: number; layout: HallLayout }>();
  const LAYOUTS_KEPT = 4;

  async function layoutOf(hallId: number, lang: Lang): Promise<HallLayout> {
    const version = await readCatalogVersion(db);
    const key = `${hallId}:${lang}`;
    const known = layouts.get(key);
    if (known && known.version === version) return known.layout;
    const model = await findHallModel(db, hallId);
    if (!model) throw notFound();
    const layout = buildHallLayout(model, lang);
    layouts.delete(key);
    layouts.set(key, { version, layout });
    if (layouts.size > LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value ?? key);
    return layout;
  }

  async function sessionOf(sessionId: number) {
    const session = await findHallSession(db, sessionId);
    if (!session) throw notFound();
    return session;
  }

  /** The seats asked for, each a seat of the hall, in hall order; else 400 naming the field. */
  async function seatsOf(q: Queryable, hallId: number, seatIds: readonly number[]) {
    const seats = await findHallSeatsNamed(q, hallId, seatIds);
    if (seats.length !== seatIds.length) {
      throw new BusinessError(AdminErrorCode.seatsNotInHall, {
        status: 400,
        details: { fields: [{ path: 'seatIds', code: 'seats-not-in-hall' }] },
      });
    }
    return seats;
  }

  /**
   * Runs a change of some seats of a session in one transaction, holding the catalog import off and
   * the seats' claim lock, with the seats asked for in hall order.
   */
  async function changeSeats<T>(
    sessionId: number,
    asked: readonly number[],
    change: (tx: Queryable, seatIds: number[], seats: HallSeatRow[]) => Promise<T>,
  ) {
    const session = await sessionOf(sessionId);
    const seatIds = [...asked].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      await lockCatalogImportShared(tx);
      await lockSeatClaims(tx, sessionId, seatIds);
      return change(tx, seatIds, await seatsOf(tx, session.hall_id, seatIds));
    });
  }

  return {
    /** Seated events with their sessions from yesterday on. */
    async sessions() {
      const since = new Date(deps.now() - 86_400_000);
      const events = await findSeatedEvents(db, since);
      return {
        events: events.map((e) => ({
          id: e.id,
          name: e.name,
          hallId: e.hall_id,
          sessions: e.sessions.map((s) => ({ ...s, startsAt: new Date(s.startsAt).toISOString() })),
        })),
      };
    },

    /** The session's hall drawn as the storefront draws it, and each seat's state. */
    async map(sessionId: number, lang: Lang): Promise<Omit<HallSessionMapResponse, 'errorCode' | 'errorText'>> {
      const session = await sessionOf(sessionId);
      const layout = await layoutOf(session.hall_id, lang);
      const [orders, blocks] = await Promise.all([findSeatOrders(db, sessionId, null), findSeatBlocks(db, sessionId, null)]);
      const stateOf = new Map<number, SeatState>();
      for (const line of orders) stateOf.set(line.seat_id, line.status === OrderStatus.paid ? 'sold' : 'held');
      for (const block of blocks) stateOf.set(block.seat_id, 'blocked');
      const letter = (seatId: number) => SEAT_STATE_LETTERS[stateOf.get(seatId) ?? 'free'];
      return {
        session: {
          id: session.id,
          eventId: session.event_id,
          eventName: session.event_name,
          hallId: session.hall_id,
          startsAt: session.starts_at.toISOString(),
          hasTime: session.has_time,
        },
        map: unpricedMapOf(layout, (seatId) => !stateOf.has(seatId)),
        states: layout.rows.map((row) => row.seatIds.map(letter).join('')),
        blocks: blocks.map((b) => ({
          seatId: b.seat_id,
          reason: b.reason,
          note: b.note,
          by: b.blocked_by_name,
          at: b.blocked_at.toISOString(),
        })),
      };
    },

    /** Blocks free seats of a session; a held, sold or already blocked seat refuses the whole call. */
    async block(sessionId: number, input: Pick<SeatBlockRequest, 'seatIds' | 'reason' | 'note'>, actor: StaffActor) {
      return changeSeats(sessionId, input.seatIds, async (tx, seatIds, seats) => {
        const byId = new Map(seats.map((s) => [s.id, s]));
        const taken = new Set((await findSeatOrders(tx, sessionId, seatIds)).map((line) => line.seat_id));
        if (taken.size > 0)
          throw refusal(
            AdminErrorCode.seatsNotFree,
            seats.filter((s) => taken.has(s.id)),
          );
        const blocked = new Set((await findSeatBlocks(tx, sessionId, seatIds)).map((b) => b.seat_id));
        if (blocked.size > 0)
          throw refusal(
            AdminErrorCode.seatsAlreadyBlocked,
            seats.filter((s) => blocked.has(s.id)),
          );
        const short = await insertSeatBlocks(tx, {
          sessionId,
          seatIds,
          reason: input.reason,
          note: input.note,
          staffId: actor.id,
          at: new Date(deps.now()),
        });
        if (short) {
          throw new BusinessError(AdminErrorCode.seatsNoPlacesLeft, {
            status: 409,
            text: (lang) => adminErrorText(AdminErrorCode.seatsNoPlacesLeft, lang, String(short.placesLeft)),
          });
        }
        await bumpCatalogVersion(tx);
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'hall.seats-block',
          subjectType: 'session',
          subjectId: String(sessionId),
          before: null,
          after: { reason: input.reason, note: input.note, seats: seatIds.map((id) => auditSeat(byId.get(id))) },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return { seatIds };
      });
    },

    /** Gives blocked seats of a session back to sale; a seat that is not blocked refuses the whole call. */
    async unblock(sessionId: number, input: { seatIds: readonly number[] }, actor: StaffActor) {
      return changeSeats(sessionId, input.seatIds, async (tx, seatIds, seats) => {
        const blocks = await findSeatBlocks(tx, sessionId, seatIds);
        const blocked = new Set(blocks.map((b) => b.seat_id));
        if (blocked.size !== seatIds.length)
          throw refusal(
            AdminErrorCode.seatsNotBlocked,
            seats.filter((s) => !blocked.has(s.id)),
          );
        await deleteSeatBlocks(tx, sessionId, seatIds);
        await bumpCatalogVersion(tx);
        const byId = new Map(seats.map((s) => [s.id, s]));
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'hall.seats-unblock',
          subjectType: 'session',
          subjectId: String(sessionId),
          before: {
            seats: blocks.map((b) => ({ ...auditSeat(byId.get(b.seat_id)), reason: b.reason, note: b.note, by: b.blocked_by_name })),
          },
          after: null,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return { seatIds };
      });
    },
  };
}
export type SeatBlocks = ReturnType<typeof createSeatBlocks>;

/** A seat as the audit log keeps it: its id and the names a person reads. */
function auditSeat(seat: HallSeatRow | undefined) {
  return seat ? { id: seat.id, sector: pickLocalized(seat.sector_name, 'ru'), row: seat.row_label, seat: seat.seat_label } : null;
}
