import type { z } from 'zod';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { SpecialOfferView, specialOfferSaveRequest } from '../../../contract/admin/offers.ts';
import { offerStockTotal } from '../../../contract/admin/offers-rules.ts';
import { sanitizeLocalizedHtml } from '../../catalog/sanitize-html.ts';
import type { Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import type { CatalogActor } from '../catalog/events.service.ts';
import { claimRevision } from '../catalog/revision.ts';
import {
  type OfferAdminRow,
  countHeldServices,
  deleteOffer,
  eventExists,
  findOffer,
  findOffers,
  insertOffer,
  updateOffer,
} from './offers-admin.repository.ts';
import { type OffersDeskDeps, fieldsRefused } from './promo-codes.service.ts';

type SaveInput = z.output<typeof specialOfferSaveRequest>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function offerView(row: OfferAdminRow): SpecialOfferView {
  const inOrders = row.paid + row.unpaid;
  return {
    id: row.id,
    packageId: row.package_id,
    eventId: row.event_id,
    eventName: row.event_name,
    name: row.name,
    description: row.description,
    amount: row.amount,
    perOrderLimit: row.per_order_limit,
    seatTied: row.seat_tied,
    stockLeft: row.stock,
    stockTotal: offerStockTotal(row.stock, inOrders),
    paid: row.paid,
    unpaid: row.unpaid,
    used: row.used,
    sortnum: row.sortnum,
    active: row.is_active,
    revision: row.revision,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_name,
  };
}

const notFound = () => new BusinessError(AdminErrorCode.offerNotFound, { status: 404 });

/**
 * Special offers in the back office. The table's stock counts what is left to sell; the manager
 * edits the total for sale, and the save sets what is left to that total less the services orders
 * hold, counted under the offer's row lock (the storefront takes and gives stock through that row),
 * so a sale at the same moment is neither lost nor counted twice. A total below what orders hold is
 * refused. Orders keep their services at the price they were added at (order_services.amount).
 */
export function createSpecialOffersDesk(deps: OffersDeskDeps) {
  const at = () => new Date(deps.now());
  const audit = (
    tx: Queryable,
    actor: CatalogActor,
    entry: Pick<AuditEntry, 'action' | 'subjectType' | 'subjectId' | 'before' | 'after'>,
  ) => deps.audit(tx, { ...entry, staffId: actor.id, ip: actor.ip, userAgent: actor.userAgent, at: at() });

  async function loaded(tx: Queryable, id: number): Promise<OfferAdminRow> {
    const row = await findOffer(tx, id);
    if (!row) throw notFound();
    return row;
  }

  async function values(tx: Queryable, input: SaveInput, held: number) {
    if (input.eventId !== null && !(await eventExists(tx, input.eventId)))
      throw fieldsRefused([{ path: 'eventId', code: 'unknown-event' }]);
    if (input.stockTotal !== null && input.stockTotal < held) {
      throw new BusinessError(AdminErrorCode.offerStockBelowOrders, {
        status: 409,
        text: (lang) => adminErrorText(AdminErrorCode.offerStockBelowOrders, lang, String(held)),
        details: { fields: [{ path: 'stockTotal', code: 'below-orders' }], inOrders: held },
      });
    }
    return {
      packageId: input.packageId,
      eventId: input.eventId,
      name: input.name,
      // A rich text like an event's: stored only through the storefront's allow-list.
      description: sanitizeLocalizedHtml(input.description),
      amount: input.amount,
      perOrderLimit: input.perOrderLimit,
      seatTied: input.seatTied,
      stock: input.stockTotal === null ? null : input.stockTotal - held,
      sortnum: input.sortnum,
      active: input.active,
    };
  }

  return {
    async list() {
      return (await findOffers(deps.db)).map(offerView);
    },

    async load(id: number) {
      return offerView(await loaded(deps.db, id));
    },

    async create(input: SaveInput, actor: CatalogActor) {
      return deps.db.transaction(async (tx) => {
        const id = await insertOffer(tx, await values(tx, input, 0), { staffId: actor.id, at: at() });
        const after = offerView(await loaded(tx, id));
        await audit(tx, actor, { action: 'special-offer.create', subjectType: 'special-offer', subjectId: String(id), after });
        return after;
      });
    },

    async update(id: number, input: SaveInput, actor: CatalogActor) {
      if (input.revision === undefined) throw fieldsRefused([{ path: 'revision', code: 'required' }]);
      const revision = input.revision;
      return deps.db.transaction(async (tx) => {
        await claimRevision(tx, 'special_offers', id, revision, deps.timeZone);
        const before = offerView(await loaded(tx, id));
        await updateOffer(tx, id, await values(tx, input, await countHeldServices(tx, id)), { staffId: actor.id, at: at() });
        const after = offerView(await loaded(tx, id));
        await audit(tx, actor, { action: 'special-offer.update', subjectType: 'special-offer', subjectId: String(id), before, after });
        return after;
      });
    },

    async remove(id: number, revision: number, actor: CatalogActor) {
      return deps.db.transaction(async (tx) => {
        await claimRevision(tx, 'special_offers', id, revision, deps.timeZone);
        const before = await loaded(tx, id);
        if (before.used) throw new BusinessError(AdminErrorCode.offerUsed, { status: 409 });
        await deleteOffer(tx, id);
        await audit(tx, actor, {
          action: 'special-offer.delete',
          subjectType: 'special-offer',
          subjectId: String(id),
          before: offerView(before),
        });
        return { id };
      });
    },
  };
}
export type SpecialOffersDesk = ReturnType<typeof createSpecialOffersDesk>;
