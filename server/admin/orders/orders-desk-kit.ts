import type { TestApp } from '../../../tests/harness.ts';
import { createReturnsService } from '../../returns/returns.service.ts';
import { createSetupService } from '../../setup/setup.service.ts';
import { type AuditWriter, createOrdersDesk, type StaffActor } from './orders-desk.service.ts';

/**
 * The orders desk on a test app's database and payments. Its audit entries go to a table of the
 * test database, written in the action's own transaction, so a refused action leaves none; the
 * audit feature's own table takes its place once the desk is wired to it.
 */
export async function deskOn(t: TestApp) {
  await t.db.exec(`create table if not exists desk_test_audit (
    id serial primary key, staff_id integer, action text not null, subject_type text not null, subject_id text,
    before jsonb, after jsonb, ip text not null, user_agent text)`);
  const setup = createSetupService(t.db, undefined, { now: t.clock.now, timeZone: 'Europe/Moscow' });
  const returns = createReturnsService({ db: t.db, now: t.clock.now, setup, payments: t.app.payments, baseUrl: 'http://shop.test', timeZone: 'Europe/Moscow' });
  const audit: AuditWriter = async (tx, e) => {
    await tx.query(
      'insert into desk_test_audit (staff_id, action, subject_type, subject_id, before, after, ip, user_agent) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [e.staffId, e.action, e.subjectType, e.subjectId, JSON.stringify(e.before ?? null), JSON.stringify(e.after ?? null), e.ip, e.userAgent ?? null],
    );
  };
  const desk = createOrdersDesk({ db: t.db, now: t.clock.now, payments: t.app.payments, returns, setup, publicUrl: 'http://shop.test', audit });
  const auditRows = async () =>
    (await t.db.query<{ action: string; subject_id: string; staff_id: number; before: unknown; after: Record<string, unknown> }>(
      'select action, subject_id, staff_id, before, after from desk_test_audit order by id',
    )).rows;
  return { desk, returns, auditRows };
}

export const ACTOR: StaffActor = { id: 7, name: 'Анна Кассир', ip: '203.0.113.5', userAgent: 'vitest' };
