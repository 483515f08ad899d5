import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { WaitlistHoldRequest, WaitlistResponse } from '../../../contract/admin/waitlist.ts';
import { WAITLIST_DEFAULT_HOLD_MINUTES } from '../../../contract/waitlist-rules.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import { leaveLineReleasing } from '../../waitlist/waitlist.service.ts';
import {
  findEntry,
  findHoldMinutes,
  findSessionEntries,
  findWaitlistSession,
  saveEventHold,
  saveVenueHold,
} from '../../waitlist/waitlist.repository.ts';
import type { AuditWriter } from '../audit/audit.service.ts';

type Actor = { id: number; ip: string; userAgent: string | null };

const sessionNotFound = () => new BusinessError(AdminErrorCode.waitlistSessionNotFound, { status: 404 });

/**
 * The back office's waiting list of a session: the line as it stands (and those who left it),
 * removing an entry (audited; an entry holding an offer gives its places back), and the hold time
 * of offers, per event or the venue's default (audited).
 */
export function createWaitlistAdmin(deps: { db: Db; now: () => number; audit: AuditWriter }) {
  const { db } = deps;
  return {
    async list(sessionId: number): Promise<Omit<WaitlistResponse, 'errorCode' | 'errorText'>> {
      const session = await findWaitlistSession(db, sessionId);
      if (!session) throw sessionNotFound();
      const rows = await findSessionEntries(db, sessionId);
      const hold = await findHoldMinutes(db, session.event_id, session.venue_id);
      let position = 0;
      return {
        session: {
          id: session.id,
          eventId: session.event_id,
          venueId: session.venue_id,
          eventName: fullLocalized(session.event_name),
          startsAt: session.starts_at.toISOString(),
          remaining: session.remaining,
          seated: session.use_seat_map && session.hall_id !== null,
        },
        entries: rows.map((r) => ({
          id: r.id,
          email: r.email,
          places: r.places,
          zoneId: r.zone_id,
          sectorId: r.sector_id,
          categoryName: r.category_name ? fullLocalized(r.category_name) : null,
          zoneName: r.zone_name ? fullLocalized(r.zone_name) : null,
          sectorName: r.sector_name ? fullLocalized(r.sector_name) : null,
          lang: r.lang,
          state: r.state,
          joinedAt: r.joined_at.toISOString(),
          offeredUntil: r.state === 'offered' ? (r.offered_until?.toISOString() ?? null) : null,
          finishedAt: r.finished_at?.toISOString() ?? null,
          orderId: r.offered_order_id,
          orderNumber: r.order_number,
          position: r.state === 'waiting' || r.state === 'offered' ? (position += 1) : null,
        })),
        hold: {
          eventMinutes: hold.event,
          venueMinutes: hold.venue,
          minutes: hold.event ?? hold.venue ?? WAITLIST_DEFAULT_HOLD_MINUTES,
          defaultMinutes: WAITLIST_DEFAULT_HOLD_MINUTES,
        },
      };
    },

    async remove(sessionId: number, entryId: number, actor: Actor): Promise<{ removed: boolean }> {
      const entry = await findEntry(db, entryId);
      if (!entry || entry.session_id !== sessionId) throw new BusinessError(AdminErrorCode.waitlistEntryNotFound, { status: 404 });
      const at = new Date(deps.now());
      return db.transaction(async (tx) => {
        const was = await leaveLineReleasing(tx, entryId, 'removed', at, actor.id);
        if (!was) throw new BusinessError(AdminErrorCode.waitlistEntryGone, { status: 409 });
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'waitlist.remove',
          subjectType: 'waitlist',
          subjectId: String(sessionId),
          before: { state: was.state, offeredOrderId: was.offered_order_id },
          after: { entryId, email: was.email, places: was.places, state: 'removed' },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return { removed: true };
      });
    },

    async setHold(sessionId: number, input: WaitlistHoldRequest, actor: Actor): Promise<void> {
      const session = await findWaitlistSession(db, sessionId);
      if (!session) throw sessionNotFound();
      const at = new Date(deps.now());
      await db.transaction(async (tx) => {
        const before = await findHoldMinutes(tx, session.event_id, session.venue_id);
        if (input.eventMinutes !== undefined) await saveEventHold(tx, session.event_id, input.eventMinutes, at, actor.id);
        if (input.venueMinutes !== undefined) await saveVenueHold(tx, session.venue_id, input.venueMinutes, at, actor.id);
        const after = await findHoldMinutes(tx, session.event_id, session.venue_id);
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'waitlist.hold',
          subjectType: 'event',
          subjectId: String(session.event_id),
          before: { holdMinutes: before.event, venueHoldMinutes: before.venue },
          after: {
            holdMinutes: after.event ?? after.venue ?? WAITLIST_DEFAULT_HOLD_MINUTES,
            eventHoldMinutes: after.event,
            venueHoldMinutes: after.venue,
            venueId: session.venue_id,
          },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
      });
    },
  };
}
export type WaitlistAdmin = ReturnType<typeof createWaitlistAdmin>;
