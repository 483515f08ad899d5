import type { TFunction } from 'i18next';
import { isAuditAction } from '../../../../contract/admin/audit-actions.ts';
import { SEAT_BLOCK_REASONS } from '../../../../contract/admin/halls-rules.ts';
import { ORDER_STATES } from '../../../../contract/admin/orders-rules.ts';
import { CONSENT_SCOPES } from '../../../../contract/consent.ts';
import type { AuditEntryView } from '../../../../contract/admin/staff-management.ts';
import { type Currency, formatPrice } from '../../../../contract/format-price.ts';
import { type Lang, intlLocale } from '../../../../contract/lang.ts';
import { ReturnStatus } from '../../../../contract/order-status.ts';
import { pickText } from '../../lib/format.ts';
import { DEFAULT_VENUE, formatDateTime } from '../../../lib/venue-format.ts';
import { actionName } from './action-names.ts';

/** What the page knows beside the entry: the member's language, the venue's currency, ticket codes by id. */
export type SentenceContext = {
  lang: Lang;
  currency: Currency;
  ticketCodes: Readonly<Record<string, string>>;
  /** The venue's, in which times are told (Moscow when not given). */ timeZone?: string;
};

/** Where the back office shows the entry's object, and the link's words. */
export type AuditLink = { href: string; label: string };

/** One entry as staff read it: a sentence in their language, and a link to the object where there is a page for it. */
export type AuditSentence = { text: string; link: AuditLink | null };

type Json = Record<string, unknown>;

const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

// Catalog entries keep their kind in the action (`catalog.tags.update`) and as the subject type.
const ENTRY_KINDS = new Set(['kinds', 'mainMenus', 'subMenus', 'venues', 'tags', 'checkboxes', 'rules', 'zones']);

/** A stored object's name: a plain text, a text per language, or the code or number it is known by. */
function nameOf(value: unknown, lang: Lang): string | undefined {
  const o = obj(value);
  for (const key of ['name', 'title', 'code', 'number', 'label']) {
    const field = o[key];
    if (typeof field === 'string' && field.trim()) return field;
    if (typeof field === 'number') return String(field);
    if (field && typeof field === 'object' && !Array.isArray(field)) {
      const text = pickText(field as Record<string, string>, lang);
      if (text) return text;
    }
  }
  return undefined;
}

const ROLES = new Set(['owner', 'manager', 'support', 'controller', 'cashier']);
const roleName = (t: TFunction<'admin'>, role: unknown) =>
  typeof role === 'string' && ROLES.has(role) ? t(`roles.${role}` as 'roles.owner') : String(role ?? '—');

const RETURN_WORDS: Record<number, string> = {
  [ReturnStatus.returnable]: 'returnable',
  [ReturnStatus.requested]: 'requested',
  [ReturnStatus.refunded]: 'refunded',
  [ReturnStatus.refunding]: 'refunding',
};
const ORDER_WORDS = new Set<string>(Object.values(ORDER_STATES));

/** A return status number as words; an unknown number as itself. */
function returnStatusWord(t: TFunction<'admin'>, status: unknown): string {
  const word = typeof status === 'number' ? RETURN_WORDS[status] : undefined;
  return word ? t(`audit.returnStatus.${word}` as 'audit.returnStatus.refunded') : String(status ?? '—');
}

function orderStateWord(t: TFunction<'admin'>, state: unknown): string {
  return typeof state === 'string' && ORDER_WORDS.has(state)
    ? t(`audit.orderState.${state}` as 'audit.orderState.paid')
    : String(state ?? '—');
}

const BLOCK_REASONS = new Set<string>(SEAT_BLOCK_REASONS);

/** A reason as written by staff, or a seat block's reason code in words. */
function reasonText(t: TFunction<'admin'>, reason: string | undefined): string {
  if (reason === undefined) return '—';
  return BLOCK_REASONS.has(reason) ? t(`audit.blockReason.${reason}` as 'audit.blockReason.guest') : reason;
}

/** The page of the entry's object in the back office, if it has one and the object can still be there. */
function linkOf(t: TFunction<'admin'>, entry: AuditEntryView, order: string, name: string): AuditLink | null {
  const id = entry.subjectId;
  const deleted = entry.action.endsWith('.delete');
  switch (entry.subjectType) {
    case 'order':
      return id ? { href: `/orders/${encodeURIComponent(id)}`, label: t('audit.link.order', { order }) } : null;
    case 'event':
      return id && !deleted ? { href: `/catalog/events/${encodeURIComponent(id)}`, label: t('audit.link.event', { name }) } : null;
    case 'staff':
    case 'settings':
      return { href: '/staff', label: t('audit.link.staff') };
    case 'promo-code':
    case 'promo-batch':
    case 'special-offer':
      return { href: '/offers', label: t('audit.link.offers') };
    case 'loyalty-card':
      return id ? { href: `/loyalty/${encodeURIComponent(id)}`, label: t('audit.link.loyaltyCard', { name }) } : null;
    case 'session':
      return { href: '/halls/blocks', label: t('audit.link.seatBlocks') };
    case 'hall':
      return { href: '/halls', label: t('audit.link.halls') };
    case 'setup':
      return { href: '/setup', label: t('audit.link.setup') };
    case 'visitor':
    case 'consent-text':
      return { href: '/personal-data', label: t('audit.link.personalData') };
    case 'checkin-device':
      return { href: '/checkin-devices', label: t('audit.link.checkinDevices') };
    case 'group':
      return id ? { href: `/groups/${encodeURIComponent(id)}`, label: t('audit.link.group', { name }) } : null;
    default:
      if (ENTRY_KINDS.has(entry.subjectType) && id && !deleted) {
        return {
          href: `/catalog/entries/${encodeURIComponent(entry.subjectType)}/${encodeURIComponent(id)}`,
          label: t('audit.link.entry', { name }),
        };
      }
      return null;
  }
}

const CONSENT_SCOPE_WORDS = new Set<string>(CONSENT_SCOPES);

/** A consent text's scope in words (the order form, the named tickets, ...). */
function consentScopeName(t: TFunction<'admin'>, scope: unknown): string {
  return typeof scope === 'string' && CONSENT_SCOPE_WORDS.has(scope)
    ? t(`audit.consentScope.${scope}` as 'audit.consentScope.order')
    : String(scope ?? '—');
}

/** The sentence key of a staff member's change: a role change, a disabled or enabled account, or other details. */
function staffUpdateKey(before: Json, after: Json): string {
  if ('role' in after && after.role !== before.role) return 'audit.sentence.staff.update-role';
  if (after.disabled === true) return 'audit.sentence.staff.update-disable';
  if (after.disabled === false) return 'audit.sentence.staff.update-enable';
  return 'audit.sentence.staff.update';
}

/**
 * One audit entry as a sentence in the member's language, built from its action and its stored
 * before and after: amounts in the venue's currency, order numbers and ticket codes rather than
 * ids, status numbers as words, and a link to the object's page. An action the back office has no
 * sentence for (an older log's) gets a generic one naming the action and its object.
 */
export function auditSentence(t: TFunction<'admin'>, entry: AuditEntryView, ctx: SentenceContext): AuditSentence {
  const before = obj(entry.before);
  const after = obj(entry.after);
  const money = (kopecks: unknown) => (int(kopecks) === undefined ? '—' : formatPrice(int(kopecks) as number, ctx.currency, ctx.lang));
  const who = entry.staff?.name || entry.staff?.email || t('audit.commandLine');
  const order = entry.orderNumber !== null ? String(entry.orderNumber) : (entry.subjectId ?? '—');
  const name =
    entry.subjectName ?? nameOf(entry.after, ctx.lang) ?? nameOf(entry.before, ctx.lang) ?? (entry.subjectId ? `#${entry.subjectId}` : '—');
  const ticketIds = list(after.ticketIds).map((id) => String(id));
  const tickets = ticketIds.map((id) => ctx.ticketCodes[id] ?? `#${id}`);
  const numberFormat = new Intl.NumberFormat(intlLocale(ctx.lang));
  const payments = list(after.payments)
    .map((p) => obj(p))
    .map((p) =>
      t('audit.payment', {
        method: t(`audit.method.${str(p.method) ?? 'other'}` as 'audit.method.cash', { defaultValue: String(p.method) }),
        amount: money(p.amount),
      }),
    )
    .join(', ');
  const seats = list(after.seats).length || list(before.seats).length;
  const params = {
    who,
    order,
    name,
    email: str(after.email) ?? str(after.to) ?? str(before.email) ?? entry.subjectName ?? '—',
    emailBefore: str(before.email) ?? '—',
    role: roleName(t, after.role),
    roleBefore: roleName(t, before.role),
    amount: money(after.amount ?? after.total),
    tickets: tickets.length ? tickets.join(', ') : '—',
    ticketCount: tickets.length,
    status: returnStatusWord(t, after.status),
    state: orderStateWord(t, before.state),
    reason: reasonText(t, str(after.reason) ?? str(obj(list(before.seats)[0]).reason)),
    body: str(after.body) ?? '',
    count: int(after.count) ?? int(after.places) ?? int(after.sessionsEnded) ?? seats,
    prefix: str(after.prefix) ?? '',
    payments: payments || '—',
    until: formatDateTime(str(after.lockedUntil) ?? str(after.fullReturnUntil) ?? null, ctx.lang, ctx.timeZone ?? DEFAULT_VENUE.timeZone),
    startsAt: formatDateTime(str(after.startsAt) ?? null, ctx.lang, ctx.timeZone ?? DEFAULT_VENUE.timeZone),
    session: entry.subjectId ?? '—',
    delta: int(after.delta) === undefined ? '—' : `${(after.delta as number) > 0 ? '+' : ''}${numberFormat.format(after.delta as number)}`,
    balance: int(after.balance) === undefined ? '—' : numberFormat.format(after.balance as number),
    minutes: int(after.holdMinutes) ?? '—',
    width: int(after.width) ?? '—',
    height: int(after.height) ?? '—',
    action: actionName(t, entry.action),
    code: entry.action,
    subject: entry.subjectId ? `${entry.subjectType} #${entry.subjectId}` : entry.subjectType,
    // A visitor's request: the log keeps the e-mail masked or the phone's last digits, and order ids.
    visitor: str(after.email) ?? str(after.phone) ?? '—',
    orderCount: list(after.orderIds).length,
    keptCount: list(after.keptOrderIds).length,
    version: int(after.version) ?? '—',
    scope: consentScopeName(t, after.scope),
  };
  const key = !isAuditAction(entry.action)
    ? 'audit.sentence.unknown'
    : entry.action === 'staff.update'
      ? staffUpdateKey(before, after)
      : entry.action === 'order.refund' && list(after.usedTicketIds).length > 0
        ? 'audit.sentence.order.refund-used'
        : `audit.sentence.${entry.action}`;
  const text = t(key as 'audit.sentence.unknown', { ...params, defaultValue: '' }) || t('audit.sentence.unknown', params);
  return { text, link: linkOf(t, entry, order, name) };
}
