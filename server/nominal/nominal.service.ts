import { isConsentScope } from '../../contract/consent.ts';
import { consentTicks } from '../personal-data/consent-ticks.ts';
import { insertConsents } from '../personal-data/personal-data.repository.ts';
import type { z } from 'zod';
import { checkConcessionHolders } from '../concessions/concession-holders.ts';
import { ErrorCode } from '../../contract/errors.ts';
import {
  type Holder,
  type HolderContext,
  type HolderFlags,
  type OrderDataResponse,
  type confirmNominalRequest,
  NominalError,
  holderAt,
  missingConsents,
  validateHolder,
} from '../../contract/nominal.ts';
import { type OrderCaptchaDeps, withOrderCaptcha } from '../captcha/order-captcha.ts';
import type { Db, Queryable } from '../db/client.ts';
import { findCheckboxes } from '../event/event.repository.ts';
import { BusinessError } from '../http.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { SetupService } from '../setup/setup.service.ts';
import {
  type NominalOrderRow,
  findCountries,
  findDocTypes,
  findNominalOrder,
  findNominalTickets,
  findRegions,
  lockNominalOrder,
  markOrderConfirmed,
  saveHolders,
} from './nominal.repository.ts';
import { textOf } from '../locales/texts.ts';

/** 'Заказ удалён или не найден' (HTTP 404): no order has this hash. */
export const orderNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404, text: textOf('nominal', 'orderNotFound') });

export type FieldIssue = { path: string; code: string };

/** Refused input: -1002 with every field's code, so the form can mark each field (HTTP 400). */
const invalidFields = (fields: FieldIssue[]) => new BusinessError(ErrorCode.validation, { status: 400, details: { fields } });

type ConfirmBody = z.output<typeof confirmNominalRequest>;

const flagsOf = (order: NominalOrderRow): HolderFlags => ({
  needage: order.need_age,
  needmiddlename: order.need_middle_name ? 1 : 0,
  needdocument: order.need_document ? 1 : 0,
  needcountry: order.need_country ? 1 : 0,
  needregion: order.need_region ? 1 : 0,
});

const bit = (value: boolean) => (value ? 1 : 0);
const roubles = (kopecks: number) => kopecks / 100;

/** Kazakh readers read Russian place names better than English ones; Chinese falls back to English. */
export function withFallbacks(name: Record<string, string>) {
  return { ...name, kz: name.kz || name.ru || name.en || '', ch: name.ch || name.en || '' };
}

/** Seconds of the reserve left, 0 once it ended or the order is no longer awaiting its holders. */
function reserveSeconds(order: NominalOrderRow, now: number): number {
  if (order.released_at !== null) return 0;
  return Math.max(0, Math.floor((order.reserved_until.getTime() - now) / 1000));
}

export async function referenceData(db: Queryable) {
  const [docTypes, countries, regions] = await Promise.all([findDocTypes(db), findCountries(db), findRegions(db)]);
  const regionsByCountry = new Map<number, number[]>(countries.map((c) => [c.id, []]));
  for (const region of regions) regionsByCountry.get(region.country_id)?.push(region.id);
  return { docTypes, countries, regions, regionsByCountry };
}

export type NominalDeps = OrderCaptchaDeps & { db: Db; now: () => number; timezone: string; setup: Pick<SetupService, 'get'> };

export function createNominalService(deps: NominalDeps) {
  const { db, now, timezone } = deps;

  /** POST /api/order-data: the tickets of an order with what their holders must give. */
  async function orderData(hash: string): Promise<OrderDataResponse> {
    const order = await findNominalOrder(db, hash);
    if (!order) throw orderNotFound();
    // Every ticket, released or not: the expiry job cancels an order (90) and releases all its
    // places at once, and the page must still read that status to go to the order view.
    const [tickets, checkboxes, ref] = await Promise.all([
      findNominalTickets(db, order.id, 'all'),
      findCheckboxes(db, 'nominal', order.event_id),
      referenceData(db),
    ]);
    const flags = flagsOf(order);
    // The reserve runs while the order awaits its holders (10) and then its payment (20).
    const awaiting = order.status === OrderStatus.reserved || order.status === OrderStatus.confirmed;
    const reservetime = awaiting ? reserveSeconds(order, now()) : 0;
    return {
      errorCode: ErrorCode.ok,
      errorText: '',
      response: tickets.map((ticket) => {
        const when = venueDateParts(ticket.starts_at, timezone);
        return {
          id: ticket.id,
          ord_num: order.number,
          action: withFallbacks(order.event_name),
          day: when.day,
          time: ticket.has_time ? when.time : '00:00',
          reservetime,
          summa: roubles(ticket.unit_price + ticket.unit_fee),
          clientcategory: ticket.category_name,
          ...flags,
          demandstatusid: order.status,
          hash_id: order.hash,
          tickethash_id: ticket.hash,
          usereturn: bit(order.allow_return),
          usepushkarta: bit(order.use_pushkin_card),
          usenopushkarta: bit(order.use_ordinary_card),
        };
      }),
      text: order.nominal_text,
      checkboxList: checkboxes.map((box) => ({
        id: box.id,
        name: box.name,
        url: box.url,
        filling: bit(box.required),
        ...(isConsentScope(box.consent) ? { consent: box.consent } : {}),
      })),
      docTypes: ref.docTypes.map((doc) => ({ id: doc.id, country_id: doc.country_id, name: doc.name, note: doc.note })),
      countries: ref.countries.map((c) => ({ id: c.id, code: c.code, sortnum: c.sortnum, name: c.name })),
      regions: ref.regions.map((r) => ({ id: r.id, country_id: r.country_id, name: withFallbacks(r.name) })),
      demsumma: roubles(order.total),
    };
  }

  /**
   * POST /api/confirm-nominal: behind the captcha the setup enables (as create order), checks
   * every holder against its rules and every required consent, then stores the holders and
   * moves the order from reserved (10) to confirmed (20), all in one transaction with the order
   * row locked. Anything refused changes nothing (and gives the image captcha back).
   * A confirmed or paid order answers success again (a repeated confirm has the effect of one).
   */
  async function confirmNominal(body: ConfirmBody, remoteIp?: string): Promise<{ hash: string }> {
    const ref = await referenceData(db);
    return withOrderCaptcha(deps, await deps.setup.get(), body, remoteIp, async (tx) => {
      const order = await lockNominalOrder(tx, body.hash);
      if (!order) throw orderNotFound();
      if (order.status === OrderStatus.confirmed || order.status === OrderStatus.paid) return { hash: order.hash };
      if (order.status === OrderStatus.canceled) throw new BusinessError(ErrorCode.orderCanceled, { details: { hash: order.hash } });
      const at = now();
      if (reserveSeconds(order, at) === 0) throw new BusinessError(ErrorCode.reserveExpired, { details: { hash: order.hash } });

      const tickets = await findNominalTickets(tx, order.id, 'held');
      const issues: FieldIssue[] = [];
      const ticketIds = new Set(tickets.map((t) => t.id));
      if (body.id.length !== ticketIds.size || new Set(body.id).size !== body.id.length || body.id.some((id) => !ticketIds.has(id))) {
        issues.push({ path: 'id', code: 'not-valid-ticket-list' });
      }

      const context: HolderContext = {
        flags: flagsOf(order),
        today: venueDateParts(new Date(at), timezone).iso,
        docTypeIds: new Set(ref.docTypes.map((d) => d.id)),
        regionsByCountry: ref.regionsByCountry,
      };
      const holders: { ticketId: number; holder: Holder }[] = [];
      body.id.forEach((ticketId, index) => {
        const result = validateHolder(holderAt(body, index), context);
        if (result.holder) holders.push({ ticketId, holder: result.holder });
        else for (const issue of result.issues) issues.push({ path: `${issue.field}.${index}`, code: issue.code });
      });

      const boxes = await findCheckboxes(tx, 'nominal', order.event_id);
      const ticked = new Set(body.checkboxList.filter((c) => c.checked === true || c.checked === 1).map((c) => c.id));
      for (const id of missingConsents(
        boxes.map((b) => ({ id: b.id, filling: bit(b.required) })),
        ticked,
      )) {
        issues.push({ path: `checkboxList.${id}`, code: NominalError.requiredConsent });
      }
      if (issues.length > 0) throw invalidFields(issues);

      // The categories' concessions: the holder's age on the session's day, and the monthly limit per visitor.
      const byId = new Map(tickets.map((t) => [t.id, t]));
      await checkConcessionHolders(
        tx,
        holders.flatMap(({ ticketId, holder }) => {
          const t = byId.get(ticketId);
          if (!t) return [];
          const day = venueDateParts(t.starts_at, timezone).iso;
          return [{ index: body.id.indexOf(ticketId), categoryId: t.category_id, concession: t.category_concession, day, holder }];
        }),
        { orderId: order.id, timeZone: timezone, ageField: order.need_age === 2 ? 'date' : 'age' },
      );

      const consents = boxes.map((b) => ({ id: b.id, checked: ticked.has(b.id) }));
      if (!(await markOrderConfirmed(tx, order.id, new Date(at), consents))) {
        // The row is locked and was checked above, so this only happens if the rules drift apart.
        throw new BusinessError(ErrorCode.reserveExpired, { details: { hash: order.hash } });
      }
      await saveHolders(tx, order.id, holders);
      await insertConsents(tx, order.id, body.lang ?? 'ru', new Date(at), consentTicks(boxes, ticked, remoteIp));
      return { hash: order.hash };
    });
  }

  return { orderData, confirmNominal };
}
export type NominalService = ReturnType<typeof createNominalService>;
