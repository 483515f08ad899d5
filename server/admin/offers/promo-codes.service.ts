import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { promoBatchRequest, promoCodeSaveRequest, PromoCodeView } from '../../../contract/admin/offers.ts';
import { CODE_ALPHABET, PROMO_PAGE_SIZE, type PromoState, basisToPercent } from '../../../contract/admin/offers-rules.ts';
import type { Lang } from '../../../contract/common.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import type { CatalogActor } from '../catalog/events.service.ts';
import { claimRevision } from '../catalog/revision.ts';
import { toCsv } from '../reports/csv.ts';
import type { CsvDialect } from '../../../contract/admin/reports-rules.ts';
import {
  type PromoRow,
  type PromoValues,
  deletePromoCode,
  eventExists,
  findBatchCodes,
  findPromoCode,
  findPromoCodes,
  insertBatchCodes,
  insertPromoCode,
  nextBatchId,
  takenCodes,
  updatePromoCode,
} from './offers-admin.repository.ts';

export type OffersDeskDeps = { db: Db; now: () => number; timeZone: string; audit: (tx: Queryable, entry: AuditEntry) => Promise<void> };
type SaveInput = z.output<typeof promoCodeSaveRequest>;
type BatchInput = z.output<typeof promoBatchRequest>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function promoView(row: PromoRow): PromoCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: iso(row.valid_from),
    validUntil: iso(row.valid_until),
    usageLimit: row.usage_limit,
    eventId: row.event_id,
    eventName: row.event_name,
    active: row.is_active,
    batchId: row.batch_id,
    paidUses: row.paid_uses,
    unpaidUses: row.unpaid_uses,
    used: row.used,
    revision: row.revision,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_name,
  };
}

/** A refusal naming its fields (400, nothing written). */
export const fieldsRefused = (
  fields: Array<{ path: string; code: string }>,
  code: '-2251' | '-2401' = AdminErrorCode.catalogInvalid,
  status = 400,
) => new BusinessError(code, { status, details: { fields } });

const notFound = () => new BusinessError(AdminErrorCode.offerNotFound, { status: 404 });

/** The stored terms of a request: what a single code and a batch share. */
const termsOf = (input: Omit<SaveInput, 'code' | 'revision' | 'lang'>): Omit<PromoValues, 'code'> => ({
  kind: input.kind,
  value: input.value,
  validFrom: input.validFrom === null ? null : new Date(input.validFrom).toISOString(),
  validUntil: input.validUntil === null ? null : new Date(input.validUntil).toISOString(),
  usageLimit: input.usageLimit,
  eventId: input.eventId,
  active: input.active,
});

/** `length` symbols of the unambiguous alphabet, each drawn by node:crypto without bias. */
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

const CSV_HEADERS: Record<Lang, string[]> = {
  ru: ['Код', 'Скидка', 'Тип', 'Действует с', 'Действует до', 'Лимит использований', 'Событие', 'Активен'],
  en: ['Code', 'Discount', 'Type', 'Valid from', 'Valid until', 'Usage limit', 'Event', 'Active'],
  kz: ['Код', 'Жеңілдік', 'Түрі', 'Басталуы', 'Аяқталуы', 'Қолдану шегі', 'Іс-шара', 'Белсенді'],
  ch: ['代码', '折扣', '类型', '生效自', '有效至', '使用上限', '活动', '启用'],
};
const CSV_WORDS: Record<Lang, { percent: string; amount: string; any: string; yes: string; no: string }> = {
  ru: { percent: '%', amount: 'руб.', any: 'все события', yes: 'да', no: 'нет' },
  en: { percent: '%', amount: 'RUB', any: 'all events', yes: 'yes', no: 'no' },
  kz: { percent: '%', amount: 'руб.', any: 'барлық іс-шаралар', yes: 'иә', no: 'жоқ' },
  ch: { percent: '%', amount: '卢布', any: '所有活动', yes: '是', no: '否' },
};

/**
 * Promo codes in the back office: the list with each code's uses, a single code created, saved
 * and deleted (only one no order ever held), and a generated batch with its CSV. Each change is
 * one transaction with its revision check and its audit entry; the storefront reads the table on
 * each promo call, so a change applies to the next one.
 */
export function createPromoCodesDesk(deps: OffersDeskDeps) {
  const at = () => new Date(deps.now());
  const audit = (
    tx: Queryable,
    actor: CatalogActor,
    entry: Pick<AuditEntry, 'action' | 'subjectType' | 'subjectId' | 'before' | 'after'>,
  ) => deps.audit(tx, { ...entry, staffId: actor.id, ip: actor.ip, userAgent: actor.userAgent, at: at() });

  async function checkEvent(tx: Queryable, eventId: number | null) {
    if (eventId !== null && !(await eventExists(tx, eventId))) throw fieldsRefused([{ path: 'eventId', code: 'unknown-event' }]);
  }

  async function loaded(tx: Queryable, id: number): Promise<PromoRow> {
    const row = await findPromoCode(tx, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(filter: {
      q?: string | undefined;
      eventId?: number | undefined;
      state: PromoState;
      batchId?: number | undefined;
      page: number;
    }) {
      const q = filter.q?.trim().toUpperCase() || undefined;
      const { rows, total } = await findPromoCodes(
        deps.db,
        { ...filter, q, at: at() },
        { limit: PROMO_PAGE_SIZE, offset: (filter.page - 1) * PROMO_PAGE_SIZE },
      );
      return { codes: rows.map(promoView), total, page: filter.page, pageSize: PROMO_PAGE_SIZE };
    },

    async load(id: number) {
      return promoView(await loaded(deps.db, id));
    },

    async create(input: SaveInput, actor: CatalogActor) {
      return deps.db.transaction(async (tx) => {
        await checkEvent(tx, input.eventId);
        const id = await insertPromoCode(tx, { code: input.code, ...termsOf(input) }, { staffId: actor.id, at: at() });
        if (id === undefined) throw fieldsRefused([{ path: 'code', code: 'code-taken' }]);
        const after = promoView(await loaded(tx, id));
        await audit(tx, actor, { action: 'promo-code.create', subjectType: 'promo-code', subjectId: String(id), after });
        return after;
      });
    },

    async update(id: number, input: SaveInput, actor: CatalogActor) {
      if (input.revision === undefined) throw fieldsRefused([{ path: 'revision', code: 'required' }]);
      const revision = input.revision;
      return deps.db.transaction(async (tx) => {
        await claimRevision(tx, 'promo_codes', id, revision, deps.timeZone);
        const before = await loaded(tx, id);
        // An order keeps the code it holds: its text and discount are what the order was placed with.
        if (before.used) {
          const locked = (['code', 'kind', 'value'] as const).filter((k) => before[k] !== input[k]);
          if (locked.length > 0)
            throw fieldsRefused(
              locked.map((path) => ({ path, code: 'in-use' })),
              AdminErrorCode.promoTermsLocked,
              409,
            );
        }
        await checkEvent(tx, input.eventId);
        if (!(await updatePromoCode(tx, id, { code: input.code, ...termsOf(input) }, { staffId: actor.id, at: at() }))) {
          throw fieldsRefused([{ path: 'code', code: 'code-taken' }]);
        }
        const after = promoView(await loaded(tx, id));
        await audit(tx, actor, {
          action: 'promo-code.update',
          subjectType: 'promo-code',
          subjectId: String(id),
          before: promoView(before),
          after,
        });
        return after;
      });
    },

    async remove(id: number, revision: number, actor: CatalogActor) {
      return deps.db.transaction(async (tx) => {
        await claimRevision(tx, 'promo_codes', id, revision, deps.timeZone);
        const before = await loaded(tx, id);
        if (before.used) throw new BusinessError(AdminErrorCode.promoCodeUsed, { status: 409 });
        await deletePromoCode(tx, id);
        await audit(tx, actor, {
          action: 'promo-code.delete',
          subjectType: 'promo-code',
          subjectId: String(id),
          before: promoView(before),
        });
        return { id };
      });
    },

    /**
     * Generates `count` new codes: the prefix and random symbols, unique against the table. A
     * code taken already, or by a batch saved at the same moment (the insert skips it), is drawn
     * again; the space (31^6 at least) makes a second round rare and a tenth impossible in practice.
     */
    async generate(input: BatchInput, actor: CatalogActor) {
      return deps.db.transaction(async (tx) => {
        await checkEvent(tx, input.eventId);
        const batchId = await nextBatchId(tx);
        const terms = termsOf(input);
        const made = new Set<string>();
        for (let round = 0; made.size < input.count; round += 1) {
          if (round === 20) throw fieldsRefused([{ path: 'length', code: 'code-space' }]);
          const draw = new Set<string>();
          while (draw.size < input.count - made.size) {
            const code = `${input.prefix}${randomCode(input.length)}`;
            if (!made.has(code)) draw.add(code);
          }
          const taken = await takenCodes(tx, [...draw]);
          const fresh = [...draw].filter((c) => !taken.has(c));
          const lost = await insertBatchCodes(tx, fresh, terms, { batchId, staffId: actor.id, at: at() });
          for (const code of fresh) if (!lost.has(code)) made.add(code);
        }
        const codes = [...made];
        await audit(tx, actor, {
          action: 'promo-code.batch-create',
          subjectType: 'promo-batch',
          subjectId: String(batchId),
          after: { batchId, count: codes.length, prefix: input.prefix, length: input.length, ...terms, codes },
        });
        return { batchId, count: codes.length };
      });
    },

    /** A batch as a CSV file Excel opens (the reports' writer): one code a line with its terms. */
    async batchCsv(batchId: number, lang: Lang, dialect: CsvDialect = 'rfc4180'): Promise<string> {
      const rows = await findBatchCodes(deps.db, batchId);
      if (rows.length === 0) throw notFound();
      const words = CSV_WORDS[lang];
      const local = (d: Date | null) =>
        d ? new Intl.DateTimeFormat('ru-RU', { timeZone: deps.timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(d)) : '';
      return toCsv(
        CSV_HEADERS[lang],
        rows.map((r) => [
          r.code,
          r.kind === 'percent' ? basisToPercent(r.value) : { money: r.value },
          r.kind === 'percent' ? words.percent : words.amount,
          local(r.valid_from),
          local(r.valid_until),
          r.usage_limit,
          r.event_name ?? words.any,
          r.is_active ? words.yes : words.no,
        ]),
        dialect,
      );
    },
  };
}
export type PromoCodesDesk = ReturnType<typeof createPromoCodesDesk>;
