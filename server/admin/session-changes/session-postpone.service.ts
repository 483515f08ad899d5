import { AdminErrorCode, type AdminErrorCodeValue } from '../../../contract/admin/errors.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { enqueueMail } from '../../mail/outbox.repository.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { bumpCatalogVersion } from '../catalog/catalog-admin.repository.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import { findChangeSession, findPaidOrdersOfSession, moveSession } from './session-changes.repository.ts';
import { sessionPostponeMail, sessionView } from './session-mail.ts';

const invalid = (code: AdminErrorCodeValue, path: string) =>
  new BusinessError(code, { status: 400, details: { fields: [{ path, code: 'invalid' }] } });

export type SessionPostponement = ReturnType<typeof createSessionPostponement>;

/**
 * Moving a session to a new start: its tickets stay what they are (the same order, seats,
 * categories, links and codes; the door reads the session's start, so it admits them on the new
 * day), every buyer with a valid ticket is e-mailed the new date and a full-return right until
 * the deadline the venue sets (the returns' rules honour it: sessions.full_return_until).
 */
export function createSessionPostponement(deps: { db: Db; now: () => number; timeZone: string; publicUrl: string; audit: AuditWriter }) {
  const { db, now } = deps;

  async function postpone(input: { sessionId: number; startsAt: Date; fullReturnUntil: Date; actor: StaffActor }) {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      const session = await findChangeSession(tx, input.sessionId, true);
      if (!session) throw new BusinessError(AdminErrorCode.changeSessionNotFound, { status: 404 });
      if (session.is_cancelled) throw new BusinessError(AdminErrorCode.sessionCancelled);
      if (input.startsAt.getTime() <= at.getTime() || input.startsAt.getTime() === session.starts_at.getTime()) {
        throw invalid(AdminErrorCode.postponeDateInvalid, 'startsAt');
      }
      if (input.fullReturnUntil.getTime() <= at.getTime() || input.fullReturnUntil.getTime() > input.startsAt.getTime()) {
        throw invalid(AdminErrorCode.postponeDeadlineInvalid, 'fullReturnUntil');
      }
      const postponementId = await moveSession(tx, {
        sessionId: session.id,
        oldStartsAt: session.starts_at,
        newStartsAt: input.startsAt,
        fullReturnUntil: input.fullReturnUntil,
        staffId: input.actor.id,
        staffName: input.actor.name,
        at,
      });
      await bumpCatalogVersion(tx);
      const orders = await findPaidOrdersOfSession(tx, session.id);
      let mailed = 0;
      for (const order of orders) {
        if (!order.email) continue;
        const lang = order.lang === 'ru' ? '' : `?lang=${encodeURIComponent(order.lang)}`;
        const mail = sessionPostponeMail({
          to: order.email,
          orderLang: order.lang,
          orderId: order.id,
          orderNumber: order.number,
          eventName: session.event_name,
          startsAt: input.startsAt,
          oldStartsAt: session.starts_at,
          hasTime: session.has_time,
          timeZone: deps.timeZone,
          postponementId,
          fullReturnUntil: input.fullReturnUntil,
          returnLink: `${deps.publicUrl}/order/return/${order.hash}${lang}`,
        });
        if ((await enqueueMail(tx, mail, at)) !== undefined) mailed += 1;
      }
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'session.postpone',
        subjectType: 'session',
        subjectId: String(session.id),
        before: { startsAt: session.starts_at.toISOString(), fullReturnUntil: session.full_return_until?.toISOString() ?? null },
        after: {
          startsAt: input.startsAt.toISOString(),
          fullReturnUntil: input.fullReturnUntil.toISOString(),
          postponementId,
          count: mailed,
        },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
      const moved = await findChangeSession(tx, session.id);
      if (!moved) throw new Error(`session ${session.id} vanished`);
      return { session: sessionView(moved), mailed };
    });
  }

  return { postpone };
}
