/** The return screen's data (POST /api/order/return/{hash}). */
import { type Lang, type Localized } from '../../contract/common.ts';
import {
  type OrderReturnPayload,
  type ReturnGroup,
  type ReturnRow,
  type ReturnService,
  ReturnStatus,
  isConfirmationHash,
} from '../../contract/returns.ts';
import { serverText, textInAll } from '../locales/texts.ts';
import { findCurrentConsentDocument } from '../personal-data/personal-data.repository.ts';
import { fullLocalized, sessionDayTime } from '../order-view/dates.ts';
import { toRoubles } from '../../contract/format-price.ts';
import { serviceRefund, serviceTicketIds } from './return-services.ts';
import {
  type ReturnsDeps,
  asServices,
  asTickets,
  assertOrderReturnable,
  linkInvalid,
  orderDiscount,
  ticketTerms,
  tokenHash,
} from './return-core.ts';
import {
  type ReturnTicketRow,
  findReturnNotice,
  findLoyaltyMovements,
  findRequestByToken,
  findRequestServices,
  findRequestTickets,
  findReturnOrder,
  findReturnReasons,
  findReturnServices,
  findReturnTickets,
  lapseExpiredRequests,
  settleDoneRefunds,
} from './returns.repository.ts';

/** What a returner confirms besides the consent, when the catalog has no return checkbox of its own. */
const DEFAULT_NOTICE: Localized = textInAll('returns', 'consent');

/** dd.mm.yyyy HH:MM at +03:00, the return screen's zone. */
export function atReturnZone(at: Date): { date: string; dateTime: string } {
  const iso = new Date(at.getTime() + 3 * 3600_000).toISOString();
  const date = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  return { date, dateTime: `${date} ${iso.slice(11, 16)}` };
}

function holderName(holder: Record<string, unknown> | null): string {
  if (!holder) return '';
  return [holder.surname, holder.name, holder.middleName ?? holder.middle_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
}

function placeOf(t: ReturnTicketRow): Localized {
  const sector = fullLocalized(t.sector_name);
  const standing = fullLocalized(t.standing_name);
  const each = (fn: (lang: Lang) => string): Localized => ({ ru: fn('ru'), en: fn('en'), kz: fn('kz'), ch: fn('ch') });
  const { row_label: row, seat_label: seat } = t;
  if (seat) {
    return each((l) =>
      [sector[l], row ? serverText('places', 'row', l, { row }) : '', serverText('places', 'seat', l, { seat })].filter(Boolean).join(', '),
    );
  }
  return t.standing_name ? standing : each(() => '');
}

/** POST /api/order/return/{hash}: the screen's rows, groups, reasons and consent. */
export async function viewReturn(
  deps: ReturnsDeps,
  input: { hash: string; lang: Lang; hashConf?: string | null | undefined },
): Promise<OrderReturnPayload> {
  const { db, now } = deps;
  const at = new Date(now());
  const setup = await deps.setup.get();
  return db.transaction(async (tx) => {
    const order = await findReturnOrder(tx, input.hash, true);
    if (order) {
      await lapseExpiredRequests(tx, order.id, at);
      await settleDoneRefunds(tx, order.id);
    }
    const tickets = order ? await findReturnTickets(tx, order.id) : [];
    assertOrderReturnable(order, tickets, setup, at);
    const serviceRows = await findReturnServices(tx, order.id);

    let errorCode = 0;
    let errorText = '';
    let confirm: OrderReturnPayload['confirm'] = null;
    if (isConfirmationHash(input.hashConf)) {
      const request = await findRequestByToken(tx, order.id, tokenHash(input.hashConf));
      if (!request || request.confirmed_at || request.lapsed_at || request.expires_at.getTime() <= at.getTime()) {
        const error = linkInvalid();
        errorCode = Number(error.code);
        errorText = error.toBody(input.lang).errorText;
      } else {
        const own = await findRequestTickets(tx, request.id);
        const ownServices = await findRequestServices(tx, request.id);
        confirm = {
          ids: own.map((t) => t.ticket_id),
          service_ids: ownServices.map((x) => x.service_id),
          summa: toRoubles(request.amount),
          reason_id: request.reason_id,
        };
      }
    }

    const created = atReturnZone(order.created_at);
    const groupKeys = new Map<number, number>();
    const groups: ReturnGroup[] = [];
    const rows: ReturnRow[] = tickets.map((t) => {
      const terms = ticketTerms(t, order, setup, at);
      let sortnum = groupKeys.get(t.session_id);
      if (sortnum === undefined) {
        sortnum = groupKeys.size + 1;
        groupKeys.set(t.session_id, sortnum);
        groups.push({ sortnum, returndatime: terms.left, deadline: atReturnZone(terms.deadline).dateTime });
      }
      const { day, time } = sessionDayTime(t.starts_at, t.has_time, deps.timeZone);
      const fixed = t.status !== ReturnStatus.returnable && t.request_amount !== null;
      return {
        id: t.id,
        status_id: t.status,
        ord_num: order.number,
        datime: created.dateTime,
        owner_name: order.buyer_name,
        email: order.email,
        phone: order.phone,
        returndatime: terms.left,
        returnreason_id: t.reason_id,
        quant: t.group_passes > 0 ? t.group_passes : 1,
        summa: toRoubles(t.unit_price),
        refund: toRoubles(fixed ? (t.request_amount ?? 0) : terms.refund),
        sortnum,
        action: fullLocalized(t.event_name),
        day,
        time,
        zonelevel: fullLocalized(t.level_name && Object.keys(t.level_name).length > 0 ? t.level_name : t.zone_name),
        category: fullLocalized(t.category_name),
        place: placeOf(t),
        name: holderName(t.holder),
        used: t.checked_in_at ? 1 : 0,
      };
    });
    const depends = serviceTicketIds(asServices(serviceRows), asTickets(tickets));
    const services: ReturnService[] = serviceRows.map((x) => ({
      id: x.id,
      ids: depends.get(x.id) ?? [],
      seat_tied: x.seat_tied ? 1 : 0,
      action: fullLocalized(x.name),
      cost: toRoubles(x.amount),
      refund: toRoubles(
        x.status !== ReturnStatus.returnable && x.request_amount !== null
          ? x.request_amount
          : serviceRefund(x.amount, orderDiscount(order)),
      ),
      status_id: x.status,
    }));
    const movements = await findLoyaltyMovements(tx, order.id);
    const reasons = await findReturnReasons(tx);
    const notice = await findReturnNotice(tx, order.event_id);
    // Migration 1471 publishes a first version of every scope and versions are never deleted.
    const consent = await findCurrentConsentDocument(tx, 'return');
    if (!consent) throw new Error('no consent text of the return scope');
    return {
      error_code: errorCode,
      error_text: errorText,
      hash: order.hash,
      rows,
      services,
      bonuses: { spent: movements.spent, accrued: movements.accrued, restored: movements.restored, revoked: movements.revoked },
      groups,
      reasons: reasons.map((r) => ({ id: r.id, name: fullLocalized(r.name), descript: fullLocalized(r.description) })),
      text: fullLocalized(consent.body),
      consent: { version: consent.version, title: fullLocalized(consent.title) },
      notice: notice ? fullLocalized(notice) : DEFAULT_NOTICE,
      date: atReturnZone(at).date,
      policy: tickets.some((t) => t.refund_policy === 'culture-law') ? 'culture-law' : 'full',
      refund: { service_fee: tickets.some((t) => t.refund_service_fee), discounted: order.discount > 0 },
      confirm,
    };
  });
}
