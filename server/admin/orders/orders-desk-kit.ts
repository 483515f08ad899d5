import type { TestApp } from '../../../tests/harness.ts';
import { createReturnsService } from '../../returns/returns.service.ts';
import { createSetupService } from '../../setup/setup.service.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { addTestStaff } from '../staff/staff-test-kit.ts';
import { createOrdersDesk, type StaffActor } from './orders-desk.service.ts';

/** The orders desk on a test app's database and payments, writing to the real audit log. */
export async function deskOn(t: TestApp) {
  const setup = createSetupService({ db: t.db, setupFile: undefined, now: t.clock.now, timeZone: 'Europe/Moscow' });
  const returns = createReturnsService({
    db: t.db,
    now: t.clock.now,
    setup,
    payments: t.app.payments,
    baseUrl: 'http://shop.test',
    timeZone: 'Europe/Moscow',
  });
  const desk = createOrdersDesk({
    db: t.db,
    now: t.clock.now,
    payments: t.app.payments,
    returns,
    setup,
    publicUrl: 'http://shop.test',
    audit: (tx, entry) => insertAuditEntry(tx, { ...entry, at: t.clock.date() }),
  });
  const auditRows = async () =>
    (
      await t.db.query<{ action: string; subject_id: string; staff_id: number; before: unknown; after: Record<string, unknown> }>(
        `select action, subject_id, staff_id, before, after from audit_log where subject_type = 'order' order by id`,
      )
    ).rows;
  // The audit log names a real member of staff.
  const member = await addTestStaff(t, 'support');
  const actor: StaffActor = { id: member.id, name: 'Анна Кассир', ip: '203.0.113.5', userAgent: 'vitest' };
  return { desk, returns, auditRows, actor };
}
