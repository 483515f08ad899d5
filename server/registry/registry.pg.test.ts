import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/harness.ts';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { paidTickets, prepareDoor } from '../checkin/checkin-test-kit.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createRegistrySender } from './registry-job.ts';

// Real PostgreSQL only: several instances sending at once contend on the queue's rows.
const AT = new Date('2026-11-27T09:00:00Z');
let db: Db;
let fake: RegistryFake;
beforeEach(async () => {
  db = await openTestDb();
  await migrate(db);
  await prepareDoor(db, AT);
  fake = await startRegistryFake({ key: 'registry-pg-key-01' });
});
afterEach(async () => {
  await fake.close();
  await db.close();
});

describe('the registry sender on several instances (PostgreSQL)', () => {
  it('sends each of 40 reports exactly once when 5 senders run at the same time', async () => {
    const { tickets } = await paidTickets(db, AT, { quantity: 40, pushkin: true });
    const senders = Array.from({ length: 5 }, () =>
      createRegistrySender({ db, config: { url: fake.url, key: 'registry-pg-key-01', organizationId: 'org-1' }, now: () => AT.getTime() }),
    );
    const outcomes = await Promise.all(senders.map((s) => s.run()));
    expect(outcomes.reduce((n, o) => n + o.sent, 0)).toBe(40);
    expect(outcomes.reduce((n, o) => n + o.failed, 0)).toBe(0);
    for (const ticket of tickets) expect(fake.byBarcode(ticket.code)).toHaveLength(1);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from registry_reports where sent_at is not null and registry_ticket_id is not null',
    );
    expect(rows[0]?.n).toBe(40);
  });
});
