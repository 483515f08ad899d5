import type { z } from 'zod';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type {
  LoyaltyCardView,
  LoyaltyMovementView,
  LoyaltyOrderView,
  loyaltyCardCreateRequest,
  loyaltyCardSaveRequest,
  loyaltyCorrectionRequest,
} from '../../../contract/admin/loyalty.ts';
import { LOYALTY_PAGE_SIZE, type LoyaltyState, cardSearchKeys, movementSign } from '../../../contract/admin/loyalty-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import type { CatalogActor } from '../catalog/events.service.ts';
import { claimRevision } from '../catalog/revision.ts';
import { fieldsRefused } from '../offers/promo-codes.service.ts';
import {
  type CardOrderRow,
  type CardRow,
  type CardValues,
  type MovementRow,
  applyCorrection,
  findCard,
  findCardOrders,
  findCards,
  findMovement,
  findMovements,
  insertCard,
  insertStaffMovement,
  lockCard,
  updateCard,
} from './loyalty-cards.repository.ts';

export type LoyaltyDeskDeps = { db: Db; now: () => number; timeZone: string; audit: (tx: Queryable, entry: AuditEntry) => Promise<void> };
type CreateInput = z.output<typeof loyaltyCardCreateRequest>;
type SaveInput = z.output<typeof loyaltyCardSaveRequest>;
type CorrectionInput = z.output<typeof loyaltyCorrectionRequest>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function cardView(row: CardRow): LoyaltyCardView {
  return {
    id: row.id,
    code: row.code,
    holderName: row.holder_name,
    email: row.email,
    balance: row.balance,
    heldBonuses: row.held,
    accrualPercent: row.accrual_percent,
    blocked: row.is_blocked,
    crmClient: row.crm_client_id !== null,
    createdAt: iso(row.created_at),
    revision: row.revision,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_name,
  };
}

export function movementView(row: MovementRow): LoyaltyMovementView {
  return {
    id: row.id,
    kind: row.kind,
    bonuses: movementSign(row.kind) * row.bonuses,
    shortfall: row.shortfall,
    at: new Date(row.created_at).toISOString(),
    orderId: row.order_id,
    orderNumber: row.order_number === null ? null : Number(row.order_number),
    staffName: row.staff_name,
    reason: row.reason,
  };
}

const orderView = (row: CardOrderRow): LoyaltyOrderView => ({
  id: row.id,
  number: Number(row.number),
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  total: row.total,
  bonuses: row.bonuses,
  chargedBonus: row.charged_bonus,
});

const notFound = () => new BusinessError(AdminErrorCode.loyaltyCardNotFound, { status: 404 });

/** What the audit keeps of a card's form: the fields a save may change. */
const formOf = (card: LoyaltyCardView) => ({
  holderName: card.holderName,
  email: card.email,
  accrualPercent: card.accrualPercent,
  blocked: card.blocked,
});

/**
 * Loyalty cards in the back office: the list and its search, a card created (its opening balance
 * its first movement), its form saved at the revision it was loaded at, blocked and unblocked, and
 * its balance corrected. Each change is one transaction holding the card's row lock, with its
 * audit entry; the storefront reads the card on each call, so a change applies to the next one.
 */
export function createLoyaltyDesk(deps: LoyaltyDeskDeps) {
  const at = () => new Date(deps.now());
  const audit = (
    tx: Queryable,
    actor: CatalogActor,
    when: Date,
    entry: Pick<AuditEntry, 'action' | 'before' | 'after'> & { cardId: number },
  ) =>
    deps.audit(tx, {
      action: entry.action,
      subjectType: 'loyalty-card',
      subjectId: String(entry.cardId),
      before: entry.before,
      after: entry.after,
      staffId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      at: when,
    });

  async function loaded(q: Queryable, id: number): Promise<LoyaltyCardView> {
    const row = await findCard(q, id);
    if (!row) throw notFound();
    return cardView(row);
  }

  return {
    async list(filter: { q?: string | undefined; state: LoyaltyState; page: number }) {
      const keys = cardSearchKeys(filter.q ?? '');
      const { rows, total } = await findCards(
        deps.db,
        { ...keys, state: filter.state },
        { limit: LOYALTY_PAGE_SIZE, offset: (filter.page - 1) * LOYALTY_PAGE_SIZE },
      );
      return { cards: rows.map(cardView), total, page: filter.page, pageSize: LOYALTY_PAGE_SIZE };
    },

    load: (id: number) => loaded(deps.db, id),

    async movements(id: number, before: number | undefined) {
      await loaded(deps.db, id);
      const rows = await findMovements(deps.db, id, before, LOYALTY_PAGE_SIZE + 1);
      return { movements: rows.slice(0, LOYALTY_PAGE_SIZE).map(movementView), more: rows.length > LOYALTY_PAGE_SIZE };
    },

    async orders(id: number, before: number | undefined) {
      await loaded(deps.db, id);
      const rows = await findCardOrders(deps.db, id, before, LOYALTY_PAGE_SIZE + 1);
      return { orders: rows.slice(0, LOYALTY_PAGE_SIZE).map(orderView), more: rows.length > LOYALTY_PAGE_SIZE };
    },

    async create(input: CreateInput, actor: CatalogActor) {
      const when = at();
      return deps.db.transaction(async (tx) => {
        const values: CardValues = {
          holderName: input.holderName,
          email: input.email,
          accrualPercent: input.accrualPercent,
          blocked: input.blocked,
        };
        const id = await insertCard(tx, { ...values, code: input.code, balance: input.openingBalance }, { staffId: actor.id, at: when });
        if (id === undefined) throw fieldsRefused([{ path: 'code', code: 'code-taken' }]);
        if (input.openingBalance > 0)
          await insertStaffMovement(tx, {
            cardId: id,
            kind: 'open',
            bonuses: input.openingBalance,
            staffId: actor.id,
            reason: null,
            at: when,
          });
        const after = await loaded(tx, id);
        await audit(tx, actor, when, { action: 'loyalty-card.create', cardId: id, after });
        return after;
      });
    },

    /**
     * Saves the card's form. A change of the block is audited as a block or an unblock of its
     * own, the other fields as an update, so the log answers "who blocked this card" directly.
     */
    async update(id: number, input: SaveInput, actor: CatalogActor) {
      const when = at();
      return deps.db.transaction(async (tx) => {
        if (!(await lockCard(tx, id))) throw notFound();
        await claimRevision(tx, 'loyalty_cards', id, input.revision, deps.timeZone);
        const before = await loaded(tx, id);
        const values: CardValues = {
          holderName: input.holderName,
          email: input.email,
          accrualPercent: input.accrualPercent,
          blocked: input.blocked,
        };
        await updateCard(tx, id, values, { staffId: actor.id, at: when });
        const after = await loaded(tx, id);
        const { blocked: wasBlocked, ...formBefore } = formOf(before);
        const { blocked: isBlocked, ...formAfter } = formOf(after);
        if (JSON.stringify(formBefore) !== JSON.stringify(formAfter) || wasBlocked === isBlocked) {
          await audit(tx, actor, when, { action: 'loyalty-card.update', cardId: id, before: formBefore, after: formAfter });
        }
        if (wasBlocked !== isBlocked) {
          await audit(tx, actor, when, {
            action: isBlocked ? 'loyalty-card.block' : 'loyalty-card.unblock',
            cardId: id,
            before: { blocked: wasBlocked },
            after: { blocked: isBlocked },
          });
        }
        return after;
      });
    },

    /**
     * Adds or takes bonuses, with the reason. Taking is refused (409) when it would leave less
     * than the bonuses unpaid orders have chosen to spend, which also keeps the balance at zero or
     * above: an order in progress keeps its bonuses, and payment always finds them on the card.
     */
    async correct(id: number, input: CorrectionInput, actor: CatalogActor) {
      const when = at();
      return deps.db.transaction(async (tx) => {
        if (!(await lockCard(tx, id))) throw notFound();
        const before = await loaded(tx, id);
        const balance = await applyCorrection(tx, id, input.delta);
        if (balance === undefined) {
          const free = Math.max(0, before.balance - before.heldBonuses);
          throw new BusinessError(AdminErrorCode.loyaltyBalanceShort, {
            status: 409,
            text: (lang) => adminErrorText(AdminErrorCode.loyaltyBalanceShort, lang, String(free)),
            details: { fields: [{ path: 'delta', code: 'balance-short' }] },
          });
        }
        const kind = input.delta > 0 ? 'credit' : 'debit';
        const movementId = await insertStaffMovement(tx, {
          cardId: id,
          kind,
          bonuses: Math.abs(input.delta),
          staffId: actor.id,
          reason: input.reason,
          at: when,
        });
        const after = await loaded(tx, id);
        await audit(tx, actor, when, {
          action: 'loyalty-card.correct',
          cardId: id,
          before: { balance: before.balance },
          after: { balance: after.balance, delta: input.delta, reason: input.reason },
        });
        const movement = await findMovement(tx, movementId);
        if (!movement) throw new Error(`movement ${movementId} vanished`);
        return { card: after, movement: movementView(movement) };
      });
    },
  };
}
export type LoyaltyDesk = ReturnType<typeof createLoyaltyDesk>;
