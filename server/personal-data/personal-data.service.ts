import { AdminErrorCode } from '../../contract/admin/errors.ts';
import { consentTextGaps } from '../../contract/admin/personal-data.ts';
import { type ConsentScope, consentSlug, isConsentScope } from '../../contract/consent.ts';
import { type Localized } from '../../contract/lang.ts';
import type { RulesDocument } from '../../contract/setup.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import type { AuditWriter } from '../admin/audit/audit.service.ts';
import {
  type ConsentDocumentRow,
  anonymiseOrders,
  findConsentDocuments,
  findConsentsOfOrders,
  findCurrentConsentDocuments,
  findHeldMail,
  findHeldOrders,
  findHeldTickets,
  findOrderIdsOfVisitor,
  insertConsentVersion,
  lockOrdersHoldingData,
  lockOrdersPastRetention,
} from './personal-data.repository.ts';
import { maskEmail } from './redact.ts';

/** Who acts, from where: what the audit log records of every staff action. */
type Actor = { id: number; ip: string; userAgent: string | null };

/** A visitor as staff name them in a request: one e-mail or one phone. */
export type Visitor = { email: string } | { phone: string };

/** Printed at start while the setup has reCAPTCHA on. */
export const RECAPTCHA_WARNING =
  'reCAPTCHA is on (setup recaptcha.enabled): each visitor placing an order is checked by Google, outside Russia, which receives their address and browser data. Turn it off, or use the built-in captcha, unless the venue has decided to transfer personal data abroad (docs/personal-data.md).';

const RETENTION_BATCH = 200;
const DAY_MS = 86_400_000;

/** What the audit log keeps of a visitor: the e-mail masked, or the phone's last two digits; never the value in clear. */
const visitorRef = (who: Visitor) =>
  'email' in who ? { email: maskEmail(who.email) } : { phone: `***${who.phone.replace(/\D/g, '').slice(-2)}` };

/**
 * Personal data under the venue's duty of care (docs/personal-data.md): the consent texts and
 * their ledger, the retention job that anonymises an order some days after its session, and a
 * visitor's request (find, export, erase), each access of staff recorded in the audit log.
 */
export function createPersonalDataService(deps: {
  db: Db;
  now: () => number;
  audit: AuditWriter;
  retentionDays: number;
  /** Whether the setup has reCAPTCHA on (the back office warns that data then leaves the country). */
  recaptchaEnabled?: () => Promise<boolean>;
}) {
  const { db } = deps;

  /**
   * Anonymises every order whose latest session began more than the retention period ago, in
   * batches, each locked with SKIP LOCKED so instances running it at once share the orders and
   * none is done twice; a second run finds nothing. Answers how many orders it anonymised.
   */
  async function runRetention(): Promise<number> {
    const at = new Date(deps.now());
    const cut = new Date(at.getTime() - deps.retentionDays * DAY_MS);
    let done = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => anonymiseOrders(tx, await lockOrdersPastRetention(tx, cut, RETENTION_BATCH), at));
      done += count;
      if (count < RETENTION_BATCH) return done;
    }
  }

  async function ordersOf(who: Visitor): Promise<number[]> {
    const ids = await findOrderIdsOfVisitor(db, who);
    if (ids.length === 0) throw new BusinessError(AdminErrorCode.personalDataNotFound, { status: 404 });
    return ids;
  }

  /** Everything held about one visitor: their orders (buyer data), tickets (holders), consents and e-mails. */
  async function collect(ids: readonly number[]) {
    const at = deps.now();
    const [orders, tickets, consents, mails] = await Promise.all([
      findHeldOrders(db, ids),
      findHeldTickets(db, ids),
      findConsentsOfOrders(db, ids),
      findHeldMail(db, ids),
    ]);
    return {
      orders: orders.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        event: o.event_name,
        createdAt: o.created_at.toISOString(),
        paidAt: o.paid_at?.toISOString() ?? null,
        sessionAt: o.last_session_at?.toISOString() ?? null,
        total: o.total,
        anonymisedAt: o.anonymised_at?.toISOString() ?? null,
        // Erasable now: the session took place (or the order was never paid); before it the data
        // is still needed to admit the visitor and to return the tickets.
        erasable: o.anonymised_at === null && (o.status !== 30 || (o.last_session_at !== null && o.last_session_at.getTime() < at)),
        buyer: {
          name: o.buyer_name,
          surname: o.buyer_surname,
          firstName: o.buyer_first_name,
          patronymic: o.buyer_patronymic,
          phone: o.phone,
          email: o.email,
        },
        tickets: tickets.filter((t) => t.order_id === o.id).map((t) => ({ id: t.id, status: t.status, holder: t.holder })),
        consents: consents
          .filter((c) => c.order_id === o.id)
          .map((c) => ({
            scope: c.scope,
            version: c.version,
            lang: c.lang,
            textSha256: c.text_sha256,
            givenAt: c.given_at.toISOString(),
            clientAddress: c.client_address,
          })),
        mails: mails
          .filter((m) => m.order_id === o.id)
          .map((m) => ({
            to: m.to_address,
            subject: m.subject,
            createdAt: m.created_at.toISOString(),
            sentAt: m.sent_at?.toISOString() ?? null,
          })),
      })),
    };
  }
  type Held = Awaited<ReturnType<typeof collect>>;

  async function audited<T>(
    actor: Actor,
    action: 'personal-data.search' | 'personal-data.export',
    who: Visitor,
    ids: number[],
    work: () => Promise<T>,
  ) {
    const result = await work();
    await db.transaction((tx) =>
      deps.audit(tx, {
        staffId: actor.id,
        action,
        subjectType: 'visitor',
        subjectId: null,
        after: { ...visitorRef(who), orderIds: ids },
        ip: actor.ip,
        userAgent: actor.userAgent,
      }),
    );
    return result;
  }

  return {
    runRetention,

    /** Every order and ticket of one e-mail or phone, what each holds; the look is audited. */
    async find(who: Visitor, actor: Actor): Promise<Held> {
      const ids = await ordersOf(who);
      return audited(actor, 'personal-data.search', who, ids, () => collect(ids));
    },

    /** The same, for handing to the visitor (JSON, or the readable page the route renders); audited as an export. */
    async exportData(who: Visitor, actor: Actor): Promise<Held> {
      const ids = await ordersOf(who);
      return audited(actor, 'personal-data.export', who, ids, () => collect(ids));
    },

    /**
     * Erases what the law allows of one visitor's orders: those whose session took place and
     * those never paid. A paid order whose session is still to come keeps its data (the ticket
     * admits its holder and may be returned); the answer says which were kept. Amounts, tickets,
     * payments and receipts stay (tax and accounting law). Audited with the reason.
     */
    async erase(who: Visitor, reason: string, actor: Actor): Promise<{ erased: number[]; kept: number[] }> {
      if (reason.trim() === '')
        throw new BusinessError(AdminErrorCode.personalDataReason, {
          status: 400,
          details: { fields: [{ path: 'reason', code: 'required' }] },
        });
      const ids = await ordersOf(who);
      const held = await collect(ids);
      const erasable = held.orders.filter((o) => o.erasable).map((o) => o.id);
      const kept = held.orders.filter((o) => !o.erasable && o.anonymisedAt === null).map((o) => o.id);
      const at = new Date(deps.now());
      const erased = await db.transaction(async (tx) => {
        const locked = await lockOrdersHoldingData(tx, erasable);
        await anonymiseOrders(tx, locked, at);
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'personal-data.erase',
          subjectType: 'visitor',
          subjectId: null,
          after: { ...visitorRef(who), orderIds: locked, keptOrderIds: kept, reason },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return locked;
      });
      return { erased, kept };
    },

    /** Every version of every consent text, newest first within a scope. */
    async consentDocuments() {
      return (await findConsentDocuments(db)).map(toDocument);
    },

    /** The services outside Russia that the configuration turns on, for the back office's warning. */
    async foreignServices() {
      return { recaptcha: (await deps.recaptchaEnabled?.()) ?? false, retentionDays: deps.retentionDays };
    },

    /** Publishes a new version of a scope's consent text; the versions before it stay as they were accepted. */
    async publishConsentText(
      input: { scope: ConsentScope; title: Localized; body: Localized; version?: number | undefined },
      actor: Actor,
    ) {
      if (!isConsentScope(input.scope) || consentTextGaps(input.title, input.body).length > 0)
        throw new BusinessError(AdminErrorCode.consentTextInvalid, { status: 400 });
      const at = new Date(deps.now());
      return db.transaction(async (tx) => {
        const row = await insertConsentVersion(tx, {
          scope: input.scope,
          title: input.title,
          body: input.body,
          at,
          staffId: actor.id,
          over: input.version,
        });
        if (!row) throw new BusinessError(AdminErrorCode.consentTextStale, { status: 409 });
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'consent-text.publish',
          subjectType: 'consent-text',
          subjectId: String(row.id),
          after: { scope: row.scope, version: row.version, sha256: row.sha256 },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return toDocument(row);
      });
    },

    /** The current consent texts as rules documents (/rules/consent-{scope}), for the rules page and the footer. */
    async rulesDocuments(): Promise<RulesDocument[]> {
      return (await findCurrentConsentDocuments(db)).flatMap((row) =>
        isConsentScope(row.scope)
          ? [{ id: -row.id, slug: consentSlug(row.scope), infname: row.title, url: {}, filebody: paragraphs(row.body) }]
          : [],
      );
    },
  };
}
export type PersonalDataService = ReturnType<typeof createPersonalDataService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Personal data: the retention job (server/start.ts) runs its runRetention. */
    personalData: PersonalDataService;
  }
}

function toDocument(row: ConsentDocumentRow) {
  return {
    id: row.id,
    scope: row.scope,
    version: row.version,
    title: row.title,
    body: row.body,
    sha256: row.sha256,
    createdAt: row.created_at.toISOString(),
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A consent text (plain, its paragraphs split by blank lines) as the rules page's body: the exact text, escaped. */
function paragraphs(body: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).map(([lang, text]) => [
      lang,
      text
        .split(/\n\s*\n/)
        .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
        .join(''),
    ]),
  );
}
