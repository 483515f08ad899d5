import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, STAFF_ROLES, type StaffRole, can } from '../../contract/admin/roles.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { storedSetup } from '../../contract/setup.ts';
import { editablePart } from './setup/setup-admin.service.ts';
import { addTestStaff, adminCall, signedInAs } from './staff/staff-test-kit.ts';

/**
 * Every admin call against a member of staff of each role: allowed (the guard lets it through),
 * or 403 with nothing changed in the database. Each admin feature adds its rows here; `signed-in`
 * marks a call open to every member (their own session and profile).
 */
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The route's pattern when the url fills in parameters ('/api/admin/orders/:id'). */
  route?: string;
  body?: unknown;
  permission: Permission | 'signed-in';
};

/** The defaults file's setup as the setup page sends it: a body the schema takes, so the guard decides. */
const DEFAULT_SETUP_EDIT = editablePart(
  storedSetup.parse(JSON.parse(readFileSync(new URL('../../config/setup.json', import.meta.url), 'utf8'))),
);

const ROWS: Row[] = [
  // --- staff accounts and sessions ---
  { method: 'GET', url: '/api/admin/me', permission: 'signed-in' },
  { method: 'GET', url: '/api/admin/account', permission: 'signed-in' },
  {
    method: 'POST',
    url: '/api/admin/account/password',
    body: { currentPassword: 'not the password', newPassword: 'a new long password' },
    permission: 'signed-in',
  },
  { method: 'POST', url: '/api/admin/account/totp/setup', body: { password: 'not the password' }, permission: 'signed-in' },
  { method: 'POST', url: '/api/admin/account/totp/confirm', body: { code: '000000' }, permission: 'signed-in' },
  {
    method: 'POST',
    url: '/api/admin/account/totp/disable',
    body: { password: 'not the password', code: '000000' },
    permission: 'signed-in',
  },
  { method: 'GET', url: '/api/admin/staff', permission: 'staff.manage' },
  { method: 'GET', url: '/api/admin/home/first-steps', permission: 'setup.write' },
  { method: 'GET', url: '/api/admin/home/today', permission: 'orders.read' },
  {
    method: 'POST',
    url: '/api/admin/staff',
    body: { email: 'matrix-added@venue.test', name: 'Matrix', role: 'support' },
    permission: 'staff.manage',
  },
  {
    method: 'PATCH',
    url: '/api/admin/staff/{victim}',
    route: '/api/admin/staff/:id',
    body: { name: 'Renamed' },
    permission: 'staff.manage',
  },
  {
    method: 'POST',
    url: '/api/admin/staff/{victim}/password',
    route: '/api/admin/staff/:id/password',
    body: {},
    permission: 'staff.manage',
  },
  {
    method: 'POST',
    url: '/api/admin/staff/{victim}/sign-out-everywhere',
    route: '/api/admin/staff/:id/sign-out-everywhere',
    permission: 'staff.manage',
  },
  { method: 'POST', url: '/api/admin/staff/{victim}/totp-reset', route: '/api/admin/staff/:id/totp-reset', permission: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/{victim}/unlock', route: '/api/admin/staff/:id/unlock', permission: 'staff.manage' },
  { method: 'GET', url: '/api/admin/settings', permission: 'staff.manage' },
  { method: 'PUT', url: '/api/admin/settings', body: { totpRequired: false }, permission: 'staff.manage' },
  { method: 'GET', url: '/api/admin/audit?action=staff.sign-in&from=2026-11-01&to=2026-11-30', permission: 'audit.read' },
  // --- orders desk, refunds, reports ---
  // No order 1 exists here: an allowed call answers 404, which still proves the guard let it in.
  { method: 'GET', url: '/api/admin/orders?q=ivan', route: '/api/admin/orders', permission: 'orders.read' },
  { method: 'GET', url: '/api/admin/orders/1', route: '/api/admin/orders/:id', permission: 'orders.read' },
  {
    method: 'POST',
    url: '/api/admin/orders/1/resend-tickets',
    route: '/api/admin/orders/:id/resend-tickets',
    body: {},
    permission: 'orders.write',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/1/email',
    route: '/api/admin/orders/:id/email',
    body: { email: 'x@example.test', reason: 'x' },
    permission: 'orders.write',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/1/cancel',
    route: '/api/admin/orders/:id/cancel',
    body: { reason: 'x' },
    permission: 'orders.write',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/1/notes',
    route: '/api/admin/orders/:id/notes',
    body: { body: 'x' },
    permission: 'orders.write',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/1/refund',
    route: '/api/admin/orders/:id/refund',
    body: { ticketIds: 'all', reason: 'x' },
    permission: 'orders.refund',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/1/refund-quote',
    route: '/api/admin/orders/:id/refund-quote',
    body: { ticketIds: 'all' },
    permission: 'orders.refund',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/sales?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/reports/sales',
    permission: 'reports.read',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/occupancy?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/reports/occupancy',
    permission: 'reports.read',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/sales.csv?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/reports/sales.csv',
    permission: 'reports.read',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/occupancy.csv?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/reports/occupancy.csv',
    permission: 'reports.read',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/visits?from=2026-11-01&to=2026-11-30',
    route: '/api/admin/reports/visits',
    permission: 'reports.read',
  },
  {
    method: 'GET',
    url: '/api/admin/reports/visits.csv?from=2026-11-01&to=2026-11-30&layout=8-nk',
    route: '/api/admin/reports/visits.csv',
    permission: 'reports.read',
  },
  // --- cancelling and moving a session (no session 999 exists here: allowed calls answer 404) ---
  {
    method: 'GET',
    url: '/api/admin/sessions/999/cancel-preview',
    route: '/api/admin/sessions/:id/cancel-preview',
    permission: 'sessions.change',
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/999/cancel',
    route: '/api/admin/sessions/:id/cancel',
    body: { reason: 'x', fingerprint: 'x' },
    permission: 'sessions.change',
  },
  {
    method: 'GET',
    url: '/api/admin/sessions/999/cancellation',
    route: '/api/admin/sessions/:id/cancellation',
    permission: 'sessions.change',
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/999/postpone',
    route: '/api/admin/sessions/:id/postpone',
    body: { startsAt: '2099-01-10T19:00:00+03:00', fullReturnUntil: '2099-01-09T19:00:00+03:00' },
    permission: 'sessions.change',
  },
  // --- exchanging an order's tickets (no order 999 exists here: allowed calls answer 404) ---
  {
    method: 'GET',
    url: '/api/admin/orders/999/exchange-options?lang=ru',
    route: '/api/admin/orders/:id/exchange-options',
    permission: 'orders.exchange',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/999/exchange-quote',
    route: '/api/admin/orders/:id/exchange-quote',
    body: { ticketIds: [1], sessionId: 1, places: [{ priceId: 1 }] },
    permission: 'orders.exchange',
  },
  {
    method: 'POST',
    url: '/api/admin/orders/999/exchange',
    route: '/api/admin/orders/:id/exchange',
    body: { ticketIds: [1], sessionId: 1, places: [{ priceId: 1 }], expectedDifference: 0 },
    permission: 'orders.exchange',
  },
  // --- personal data: a visitor's request and the consent texts (no order has this e-mail: allowed calls answer 404) ---
  {
    method: 'GET',
    url: '/api/admin/personal-data?email=nobody%40matrix.test',
    route: '/api/admin/personal-data',
    permission: 'personalData.manage',
  },
  {
    method: 'GET',
    url: '/api/admin/personal-data/export?email=nobody%40matrix.test&format=html',
    route: '/api/admin/personal-data/export',
    permission: 'personalData.manage',
  },
  {
    method: 'POST',
    url: '/api/admin/personal-data/erase',
    body: { email: 'nobody@matrix.test', reason: 'A visitor asked' },
    permission: 'personalData.manage',
  },
  { method: 'GET', url: '/api/admin/consent-texts', permission: 'personalData.manage' },
  {
    method: 'POST',
    url: '/api/admin/consent-texts',
    body: { scope: 'newsletter', title: { ru: 'Т', en: 'T', kz: 'Т', ch: 'T' }, body: { ru: 'Текст', en: 'Text', kz: 'Мәтін', ch: '文' } },
    permission: 'personalData.manage',
  },
  // --- groups and organisations (no group 999, no session 999: allowed calls answer 404 or 409) ---
  { method: 'GET', url: '/api/admin/groups', permission: 'groups.manage' },
  {
    method: 'POST',
    url: '/api/admin/groups',
    body: {
      sessionId: 999,
      lines: [{ priceId: 1, quantity: 1 }],
      organisation: { name: 'Школа', inn: '7736050003' },
      leader: { name: 'Руководитель', phone: '+79161234567', email: 'leader@school.test' },
      payer: 'organisation',
      ticketMode: 'group',
      payUntil: '2099-01-01T00:00:00Z',
    },
    permission: 'groups.manage',
  },
  { method: 'GET', url: '/api/admin/groups/999', route: '/api/admin/groups/:id', permission: 'groups.manage' },
  { method: 'POST', url: '/api/admin/groups/999/paid', route: '/api/admin/groups/:id/paid', body: {}, permission: 'groups.manage' },
  { method: 'GET', url: '/api/admin/groups/999/invoice.pdf', route: '/api/admin/groups/:id/invoice.pdf', permission: 'groups.manage' },
  { method: 'GET', url: '/api/admin/groups/999/offer.pdf', route: '/api/admin/groups/:id/offer.pdf', permission: 'groups.manage' },
  { method: 'GET', url: '/api/admin/groups/999/act.pdf', route: '/api/admin/groups/:id/act.pdf', permission: 'groups.manage' },
  {
    method: 'POST',
    url: '/api/admin/groups/statements',
    body: { fileName: 'x.txt', content: 'eA==' },
    permission: 'groups.manage',
  },
  { method: 'GET', url: '/api/admin/groups/statements/unmatched', permission: 'groups.manage' },
  { method: 'GET', url: '/api/admin/groups/bank-details', permission: 'groups.manage' },
  {
    method: 'PUT',
    url: '/api/admin/groups/bank-details',
    body: { legalName: '', inn: '', kpp: '', address: '', bik: '', bankName: '', correspondentAccount: '', account: '' },
    permission: 'setup.write',
  },
  // --- the box office (no session 999 exists here: allowed calls answer 404) ---
  // --- the waiting list of a session ---
  { method: 'GET', url: '/api/admin/sessions/999/waitlist', route: '/api/admin/sessions/:id/waitlist', permission: 'waitlist.manage' },
  {
    method: 'POST',
    url: '/api/admin/sessions/999/waitlist/1/remove',
    route: '/api/admin/sessions/:id/waitlist/:entryId/remove',
    permission: 'waitlist.manage',
  },
  {
    method: 'PUT',
    url: '/api/admin/sessions/999/waitlist/hold',
    route: '/api/admin/sessions/:id/waitlist/hold',
    body: { eventMinutes: 15 },
    permission: 'waitlist.manage',
  },
  { method: 'GET', url: '/api/admin/desk/sessions?q=x', route: '/api/admin/desk/sessions', permission: 'desk.sell' },
  { method: 'GET', url: '/api/admin/desk/sessions/999', route: '/api/admin/desk/sessions/:id', permission: 'desk.sell' },
  {
    method: 'POST',
    url: '/api/admin/desk/sales',
    body: { sessionId: 999, lines: [{ priceId: 1, quantity: 1 }], payment: { kind: 'cash' }, expectedTotal: 0 },
    permission: 'desk.sell',
  },
  // --- the desk's register, shifts, receipt tasks, returns at the desk (no task 999, no shift 999, no ticket NOPE) ---
  { method: 'GET', url: '/api/admin/desk/register?register=desk-1', route: '/api/admin/desk/register', permission: 'desk.sell' },
  { method: 'POST', url: '/api/admin/desk/shifts/open', body: { register: 'matrix' }, permission: 'desk.sell' },
  { method: 'POST', url: '/api/admin/desk/shifts/close', body: { register: 'matrix-closed' }, permission: 'desk.sell' },
  { method: 'POST', url: '/api/admin/desk/shifts/report-x', body: { register: 'matrix-closed' }, permission: 'desk.sell' },
  {
    method: 'POST',
    url: '/api/admin/desk/shifts/cash',
    body: { register: 'matrix-closed', kind: 'in', amount: 100 },
    permission: 'desk.sell',
  },
  { method: 'GET', url: '/api/admin/desk/shifts/999/report', route: '/api/admin/desk/shifts/:id/report', permission: 'desk.sell' },
  { method: 'GET', url: '/api/admin/desk/shifts/999/report.csv', route: '/api/admin/desk/shifts/:id/report.csv', permission: 'desk.sell' },
  {
    method: 'POST',
    url: '/api/admin/desk/receipt-tasks/999/sent',
    route: '/api/admin/desk/receipt-tasks/:id/sent',
    permission: 'desk.sell',
  },
  {
    method: 'POST',
    url: '/api/admin/desk/receipt-tasks/999/result',
    route: '/api/admin/desk/receipt-tasks/:id/result',
    body: { outcome: 'unreachable' },
    permission: 'desk.sell',
  },
  {
    method: 'POST',
    url: '/api/admin/desk/receipt-tasks/999/retry',
    route: '/api/admin/desk/receipt-tasks/:id/retry',
    permission: 'desk.sell',
  },
  {
    method: 'POST',
    url: '/api/admin/desk/receipt-tasks/999/elsewhere',
    route: '/api/admin/desk/receipt-tasks/:id/elsewhere',
    permission: 'desk.sell',
  },
  {
    method: 'POST',
    url: '/api/admin/desk/receipt-tasks/999/correct',
    route: '/api/admin/desk/receipt-tasks/:id/correct',
    body: { type: 'self' },
    permission: 'desk.sell',
  },
  { method: 'GET', url: '/api/admin/desk/returns/lookup?code=NOPE', route: '/api/admin/desk/returns/lookup', permission: 'desk.sell' },
  {
    method: 'POST',
    url: '/api/admin/desk/returns',
    body: { register: 'matrix', orderId: 999, ticketIds: [1], reasonId: 1 },
    permission: 'desk.sell',
  },
  { method: 'POST', url: '/api/admin/desk/returns/due', body: { register: 'matrix', orderId: 999 }, permission: 'desk.sell' },
  // Printed tickets and the hand-out (no order 999: allowed calls answer 404; the duplicate choice is the owner's).
  { method: 'GET', url: '/api/admin/desk/orders?q=999', route: '/api/admin/desk/orders', permission: 'desk.sell' },
  { method: 'GET', url: '/api/admin/desk/orders/999', route: '/api/admin/desk/orders/:id', permission: 'desk.sell' },
  {
    method: 'POST',
    url: '/api/admin/desk/orders/999/prints',
    route: '/api/admin/desk/orders/:id/prints',
    body: { ticketIds: [1] },
    permission: 'desk.sell',
  },
  {
    method: 'GET',
    url: '/api/admin/desk/orders/999/tickets.pdf',
    route: '/api/admin/desk/orders/:id/tickets.pdf',
    permission: 'desk.sell',
  },
  { method: 'GET', url: '/api/admin/desk/print-settings', permission: 'desk.sell' },
  { method: 'PUT', url: '/api/admin/desk/print-settings', body: { duplicatePolicy: 'keep' }, permission: 'setup.write' },
  // --- door check-in devices, the Pushkin-card registry ---
  { method: 'GET', url: '/api/admin/checkin/devices', permission: 'checkin.devices' },
  // Days already over: an allowed call answers 400 on the field and makes no key.
  {
    method: 'POST',
    url: '/api/admin/checkin/devices',
    body: { name: 'Турникет 1', validFrom: '2026-11-01', validTo: '2026-11-02' },
    permission: 'checkin.devices',
  },
  {
    method: 'POST',
    url: '/api/admin/checkin/devices/999/revoke',
    route: '/api/admin/checkin/devices/:id/revoke',
    permission: 'checkin.devices',
  },
  { method: 'GET', url: '/api/admin/registry/reports', permission: 'reports.read' },
  { method: 'GET', url: '/api/admin/receipts/closing', permission: 'reports.read' },
  // --- catalog editing: no event 999 exists, so an allowed change answers 404 and changes nothing ---
  { method: 'GET', url: '/api/admin/catalog/export', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/catalog/options', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/catalog/events?q=x', route: '/api/admin/catalog/events', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/catalog/events/999', route: '/api/admin/catalog/events/:id', permission: 'catalog.write' },
  {
    method: 'POST',
    url: '/api/admin/catalog/events',
    body: { event: { id: -1, kindId: 999, venueId: 999, name: { ru: 'Матрица' } } },
    permission: 'catalog.write',
  },
  {
    method: 'PUT',
    url: '/api/admin/catalog/events/999',
    route: '/api/admin/catalog/events/:id',
    body: { revision: 1, event: { id: 999, kindId: 1, venueId: 1, name: { ru: 'Матрица' } } },
    permission: 'catalog.write',
  },
  {
    method: 'POST',
    url: '/api/admin/catalog/events/999/publish',
    route: '/api/admin/catalog/events/:id/publish',
    body: { revision: 1, published: true },
    permission: 'catalog.write',
  },
  {
    method: 'DELETE',
    url: '/api/admin/catalog/events/999?revision=1',
    route: '/api/admin/catalog/events/:id',
    permission: 'catalog.write',
  },
  { method: 'GET', url: '/api/admin/catalog/entries/tags', route: '/api/admin/catalog/entries/:kind', permission: 'catalog.write' },
  {
    method: 'POST',
    url: '/api/admin/catalog/entries/mainMenus',
    route: '/api/admin/catalog/entries/:kind',
    body: { entry: { id: -1, kindId: 999, name: { ru: 'Матрица' } } },
    permission: 'catalog.write',
  },
  {
    method: 'PUT',
    url: '/api/admin/catalog/entries/tags/999',
    route: '/api/admin/catalog/entries/:kind/:id',
    body: { revision: 1, entry: { id: 999, name: { ru: 'Матрица' } } },
    permission: 'catalog.write',
  },
  {
    method: 'DELETE',
    url: '/api/admin/catalog/entries/tags/999?revision=1',
    route: '/api/admin/catalog/entries/:kind/:id',
    permission: 'catalog.write',
  },
  // --- images (a JSON body is no picture: an allowed call answers 400) and the storefront setup ---
  { method: 'POST', url: '/api/admin/images', body: { not: 'an image' }, permission: 'catalog.write' },
  // A stale revision: an allowed save answers 409 and changes nothing.
  { method: 'GET', url: '/api/admin/setup', permission: 'setup.write' },
  { method: 'PUT', url: '/api/admin/setup', body: { revision: 999, setup: DEFAULT_SETUP_EDIT }, permission: 'setup.write' },
  // --- halls and seats blocked per session (no session or hall 1 exists here: allowed calls answer 404 or 400) ---
  { method: 'GET', url: '/api/admin/halls', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/halls/1', route: '/api/admin/halls/:id', permission: 'catalog.write' },
  { method: 'POST', url: '/api/admin/halls/preview', body: { format: 'pretix', source: '{}', venueId: 1 }, permission: 'catalog.write' },
  { method: 'POST', url: '/api/admin/halls', body: { format: 'pretix', source: '{}', venueId: 1 }, permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/halls/sessions', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/halls/sessions/1/map', route: '/api/admin/halls/sessions/:id/map', permission: 'catalog.write' },
  {
    method: 'POST',
    url: '/api/admin/halls/sessions/1/blocks',
    route: '/api/admin/halls/sessions/:id/blocks',
    body: { seatIds: [1], reason: 'guest' },
    permission: 'catalog.write',
  },
  {
    method: 'DELETE',
    url: '/api/admin/halls/sessions/1/blocks',
    route: '/api/admin/halls/sessions/:id/blocks',
    body: { seatIds: [1] },
    permission: 'catalog.write',
  },
  // --- promo codes and special offers (none exists here: allowed changes of id 999 answer 404) ---
  { method: 'GET', url: '/api/admin/promo-codes?q=A', route: '/api/admin/promo-codes', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/promo-codes/999', route: '/api/admin/promo-codes/:id', permission: 'catalog.write' },
  { method: 'POST', url: '/api/admin/promo-codes', body: { code: 'MATRIX', kind: 'percent', value: 1000 }, permission: 'catalog.write' },
  {
    method: 'PUT',
    url: '/api/admin/promo-codes/999',
    route: '/api/admin/promo-codes/:id',
    body: { code: 'MATRIX', kind: 'percent', value: 1000, revision: 1 },
    permission: 'catalog.write',
  },
  { method: 'DELETE', url: '/api/admin/promo-codes/999?revision=1', route: '/api/admin/promo-codes/:id', permission: 'catalog.write' },
  {
    method: 'POST',
    url: '/api/admin/promo-codes/batches',
    body: { prefix: 'M', count: 2, length: 6, kind: 'amount', value: 100 },
    permission: 'catalog.write',
  },
  {
    method: 'GET',
    url: '/api/admin/promo-codes/batches/999/codes.csv',
    route: '/api/admin/promo-codes/batches/:id/codes.csv',
    permission: 'catalog.write',
  },
  { method: 'GET', url: '/api/admin/special-offers', permission: 'catalog.write' },
  { method: 'GET', url: '/api/admin/special-offers/999', route: '/api/admin/special-offers/:id', permission: 'catalog.write' },
  {
    method: 'POST',
    url: '/api/admin/special-offers',
    body: { name: { ru: 'Матрица' }, amount: 100, perOrderLimit: 1 },
    permission: 'catalog.write',
  },
  {
    method: 'PUT',
    url: '/api/admin/special-offers/999',
    route: '/api/admin/special-offers/:id',
    body: { name: { ru: 'Матрица' }, amount: 100, perOrderLimit: 1, revision: 1 },
    permission: 'catalog.write',
  },
  {
    method: 'DELETE',
    url: '/api/admin/special-offers/999?revision=1',
    route: '/api/admin/special-offers/:id',
    permission: 'catalog.write',
  },
  { method: 'GET', url: '/api/admin/subscriptions', permission: 'catalog.write' },
  // --- loyalty cards (no card 999 exists here: allowed calls on it answer 404) ---
  { method: 'GET', url: '/api/admin/loyalty-cards?q=4000', route: '/api/admin/loyalty-cards', permission: 'loyalty.read' },
  { method: 'GET', url: '/api/admin/loyalty-cards/999', route: '/api/admin/loyalty-cards/:id', permission: 'loyalty.read' },
  {
    method: 'GET',
    url: '/api/admin/loyalty-cards/999/movements',
    route: '/api/admin/loyalty-cards/:id/movements',
    permission: 'loyalty.read',
  },
  { method: 'GET', url: '/api/admin/loyalty-cards/999/orders', route: '/api/admin/loyalty-cards/:id/orders', permission: 'loyalty.read' },
  {
    method: 'POST',
    url: '/api/admin/loyalty-cards',
    body: { code: '5555666677778888', holderName: 'Матрица', email: '', accrualPercent: 5 },
    permission: 'loyalty.write',
  },
  {
    method: 'PUT',
    url: '/api/admin/loyalty-cards/999',
    route: '/api/admin/loyalty-cards/:id',
    body: { revision: 1, holderName: 'Матрица', email: '', accrualPercent: 5, blocked: true },
    permission: 'loyalty.write',
  },
  {
    method: 'POST',
    url: '/api/admin/loyalty-cards/999/corrections',
    route: '/api/admin/loyalty-cards/:id/corrections',
    body: { delta: 10, reason: 'Матрица' },
    permission: 'loyalty.write',
  },
];

/**
 * Counts the rows written to each table: a trigger on every table of the public schema (the matrix
 * adds none after this) adds one per row inserted, updated or deleted, and one per truncation, to a
 * table's line of a counter table of this test. A refused call must leave the counts as they were:
 * compared before and after each refused call, so rows written by the sign-ins before it do not
 * count. A write the call's transaction rolls back takes its counts with it, as it takes the rows.
 */
async function countWrites(db: Db): Promise<void> {
  await db.query('create table matrix_writes (name text primary key, n bigint not null)');
  await db.query(`create function matrix_count_write() returns trigger language plpgsql as $$
    begin
      insert into matrix_writes as w values (tg_table_name, 1) on conflict (name) do update set n = w.n + 1;
      return null;
    end $$`);
  const tables = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'matrix_writes'",
  );
  expect(tables.rows.length).toBeGreaterThan(50);
  for (const { name } of tables.rows) {
    await db.query(
      `create trigger matrix_rows after insert or update or delete on "${name}" for each row execute function matrix_count_write()`,
    );
    await db.query(`create trigger matrix_truncate after truncate on "${name}" for each statement execute function matrix_count_write()`);
  }
}

/** The rows written so far, per table (see countWrites). */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; n: string }>('select name, n::text as n from matrix_writes');
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

/**
 * The admin routes the app has, as 'METHOD /path': read from Fastify's route tree, whose lines
 * are indented by depth and carry the part of the path below their parent.
 */
function adminRoutes(app: TestApp): Set<string> {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    if (!path.startsWith('/api/admin') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.add(`${method} ${path}`);
  }
  return found;
}

const allowed = (role: StaffRole, permission: Row['permission']) => permission === 'signed-in' || can(role, permission);

let t: TestApp;
const cookies = new Map<StaffRole, string>();
/** The member the staff management rows change: not one of the signed-in members, whose sessions must last. */
let victim = 0;
const urlOf = (url: string) => url.replace('{victim}', String(victim));
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
  });
  victim = (await addTestStaff(t, 'support')).id;
  for (const role of STAFF_ROLES) cookies.set(role, (await signedInAs(t, role)).cookie);
  await countWrites(t.db);
});
afterAll(() => t.close());

const cases = ROWS.flatMap((row) =>
  STAFF_ROLES.map((role) => ({ ...row, role, verdict: allowed(role, row.permission) ? 'allowed' : '403' })),
);

describe('the permission matrix of the admin API', () => {
  it('has a row for every admin route but sign-in and sign-out', () => {
    const listed = new Set(ROWS.map((row) => `${row.method} ${row.route ?? row.url.split('?')[0]}`));
    const open = ['POST /api/admin/session', 'DELETE /api/admin/session', 'POST /api/admin/sessions/revoke-all'];
    expect([...adminRoutes(t)].sort()).toEqual([...listed, ...open].sort());
  });

  it('counts a row written, and not one whose transaction rolled back: the checks that a refusal changed nothing can fail', async () => {
    const before = await fingerprint(t.db);
    await t.db
      .transaction(async (tx) => {
        await tx.query('update staff set name = name where id = $1', [victim]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await fingerprint(t.db)).toEqual(before);
    await t.db.query('update staff set name = name where id = $1', [victim]);
    const after = await fingerprint(t.db);
    expect(Number(after.staff)).toBe(Number(before.staff ?? 0) + 1);
  });

  it.each(cases)('$method $url as $role: $verdict', async ({ method, url, body, role, verdict }) => {
    const before = verdict === '403' ? await fingerprint(t.db) : undefined;
    const response = await adminCall(t, method, urlOf(url), cookies.get(role), body);
    if (verdict === 'allowed') {
      expect([401, 403], response.body).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ errorCode: '-2002', errorText: 'Недостаточно прав для этого действия.' });
      expect(await fingerprint(t.db)).toEqual(before);
    }
  });

  it.each(ROWS)('$method $url without a session: 401, nothing changed', async ({ method, url, body }) => {
    const before = await fingerprint(t.db);
    const response = await adminCall(t, method, urlOf(url), undefined, body);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().errorCode).toBe('-2001');
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

/** The door's calls: every role may scan (checkin.scan), through the same gate as the back office. */
const DOOR_ROWS: Row[] = [
  { method: 'POST', url: '/api/checkin/scan', body: { code: '1234567890123456', deviceId: 'matrix-device-1' }, permission: 'checkin.scan' },
  {
    method: 'POST',
    url: '/api/checkin/sync',
    body: {
      deviceId: 'matrix-device-1',
      scans: [{ scanId: 'matrix-scan-1', code: '1234567890123456', scannedAt: '2026-11-21T10:00:00Z' }],
    },
    permission: 'checkin.scan',
  },
  { method: 'GET', url: '/api/checkin/sessions', permission: 'checkin.scan' },
  { method: 'GET', url: '/api/checkin/activity?sessionIds=1', route: '/api/checkin/activity', permission: 'checkin.scan' },
];

describe('the door goes through the same gate', () => {
  it.each(DOOR_ROWS.flatMap((row) => STAFF_ROLES.map((role) => ({ ...row, role }))))(
    '$method $url as $role: allowed',
    async ({ method, url, body, role }) => {
      const response = await adminCall(t, method, url, cookies.get(role), body);
      expect(response.statusCode, response.body).toBe(200);
    },
  );

  it("refuses every staff call, the door's too, with 403 -2006 to a member without codes when the venue requires them, and answers again once it does not", async () => {
    const owner = cookies.get('owner');
    expect((await adminCall(t, 'PUT', '/api/admin/settings', owner, { totpRequired: true })).statusCode).toBe(200);
    try {
      // Nothing runs between two calls (jobs are off), so the state after one call is the state
      // before the next: one fingerprint per call, each compared with the one before the loop.
      const before = await fingerprint(t.db);
      for (const role of STAFF_ROLES) {
        for (const { method, url, body } of [...DOOR_ROWS, ...ROWS.filter((row) => row.permission !== 'signed-in')]) {
          const response = await adminCall(t, method, urlOf(url), cookies.get(role), body);
          expect(response.statusCode, `${role} ${method} ${url}: ${response.body}`).toBe(403);
          expect(response.json().errorCode).toBe('-2006');
          expect(await fingerprint(t.db), `${role} ${method} ${url} changed nothing`).toEqual(before);
        }
      }
    } finally {
      // The owner must set codes up first now; the setting is switched back in the database, as the command line would.
      await t.db.query('update staff_settings set totp_required = false');
    }
    expect((await adminCall(t, 'POST', '/api/checkin/scan', cookies.get('controller'), DOOR_ROWS[0]?.body)).statusCode).toBe(200);
    // Every role times every call, with a fingerprint of the whole database around each: minutes on a loaded machine.
  }, 180_000);
});

describe('a temporary password goes first', () => {
  // Open while the password is temporary: who am I, the account's state, the change itself (and signing out, which ends the session).
  const OPEN = new Set(['GET /api/admin/me', 'GET /api/admin/account', 'POST /api/admin/account/password']);

  it("refuses every other staff call, the door's too, with 403 -2015 and nothing changed, to a member whose password an owner set, and answers again once it is changed", async () => {
    await t.db.query('update staff set must_change_password = true');
    try {
      // As above: one fingerprint per refused call, each compared with the one taken before the
      // role's calls (the calls still open to it may write, a session's last use).
      for (const role of STAFF_ROLES) {
        const before = await fingerprint(t.db);
        for (const { method, url, body } of [...DOOR_ROWS, ...ROWS]) {
          if (OPEN.has(`${method} ${url}`)) continue;
          const response = await adminCall(t, method, urlOf(url), cookies.get(role), body);
          expect(response.statusCode, `${role} ${method} ${url}: ${response.body}`).toBe(403);
          expect(response.json()).toEqual({
            errorCode: '-2015',
            errorText: 'Смените временный пароль: до этого в бэк-офисе доступна только смена пароля.',
          });
          expect(await fingerprint(t.db), `${role} ${method} ${url} changed nothing`).toEqual(before);
        }
        const me = await adminCall(t, 'GET', '/api/admin/me', cookies.get(role));
        expect(me.statusCode).toBe(200);
        expect(me.json().mustChangePassword).toBe(true);
        expect((await adminCall(t, 'GET', '/api/admin/account', cookies.get(role))).statusCode).toBe(200);
      }
    } finally {
      await t.db.query('update staff set must_change_password = false');
    }
    expect((await adminCall(t, 'POST', '/api/checkin/scan', cookies.get('controller'), DOOR_ROWS[0]?.body)).statusCode).toBe(200);
    // As many calls as the loop above, so as much room: past a timeout the loop would run on into
    // the tests after it with every password still temporary, and fail them too.
  }, 180_000);
});

/** Every staff route of the app, door included, as 'METHOD /path' with its parameters filled with nonsense. */
function staffRoutes(app: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    if (!/^\/api\/(admin|checkin)\//.test(path) || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

describe('authentication comes before the body', () => {
  it('answers every staff call without a session 401 even with a broken body, bad parameters and a bad query, before any parsing or validation', async () => {
    const routes = staffRoutes(t).filter((route) => route !== 'POST /api/admin/session');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const url = `${pattern.replace(/:\w+/g, 'not-a-number')}?page=-1&from=yesterday&lang=en&sessionIds=x`;
      const withBody = method !== 'GET' && method !== 'DELETE';
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: {
          'x-csrf-token': await t.csrfToken(),
          'x-requested-with': 'XMLHttpRequest',
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(withBody ? { payload: '{"broken' } : {}),
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
      expect(response.json().errorCode, route).toBe(pattern.startsWith('/api/checkin/') ? '-2200' : '-2001');
    }
  });

  it('still validates a signed-in call: a broken body answers 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/1/notes',
      headers: {
        'x-csrf-token': await t.csrfToken(cookies.get('manager')),
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        cookie: cookies.get('manager'),
      },
      payload: '{"broken',
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
