import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { moscowDay, paidTickets, prepareDoor } from './checkin-test-kit.ts';
import { type Scanner, createCheckinService } from './checkin.service.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so scans never race there.
const AT = new Date('2026-11-27T09:00:00Z');
let db: Db;
beforeEach(async () => {
  db = await openTestDb();
  await migrate(db);
  await prepareDoor(db, AT);
});
afterEach(() => db.close());

const service = () => createCheckinService({ db, now: () => AT.getTime(), timeZone: 'Europe/Moscow' });
const scope = { validFrom: moscowDay(AT.getTime(), -1), validTo: moscowDay(AT.getTime(), 29), sessionIds: null };
const device = (n: number): Scanner => ({
  kind: 'device',
  checkinDeviceId: n,
  deviceName: `Вход ${n}`,
  deviceId: `device-${String(n).padStart(4, '0')}`,
  scope,
});

async function addDevices(n: number) {
  for (let i = 1; i <= n; i += 1)
    await service().createDevice({ name: `Вход ${i}`, validFrom: scope.validFrom, validTo: scope.validTo }, null);
}

describe('exactly one admission per ticket under concurrent scans (PostgreSQL)', () => {
  it('admits a Pushkin-card ticket once when 120 scans from 12 devices arrive at the same instant, and queues one visit report', async () => {
    await addDevices(12);
    const { tickets } = await paidTickets(db, AT, { pushkin: true });
    const code = tickets[0]?.code ?? '';
    const checkin = service();
    const verdicts = await Promise.all(
      Array.from({ length: 120 }, (_, i) => checkin.scan(device(1 + (i % 12)), code, { sessionIds: [9000], lang: 'ru' })),
    );
    const counts = verdicts.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v.verdict]: (acc[v.verdict] ?? 0) + 1 }), {});
    expect(counts).toEqual({ admitted: 1, 'already-used': 119 });
    const admittedBy = verdicts.find((v) => v.verdict === 'admitted');
    expect(admittedBy).toBeDefined();
    // Every refusal names the one admission.
    const { rows } = await db.query<{ device_label: string }>('select device_label from checkins');
    expect(rows).toHaveLength(1);
    for (const v of verdicts.filter((x) => x.verdict === 'already-used')) expect(v.usedBy).toBe(rows[0]?.device_label);
    const visits = await db.query("select 1 from registry_reports where kind = 'visit'");
    expect(visits.rows).toHaveLength(1);
  });

  it('admits each of 30 tickets once when 6 devices scan all of them at once', async () => {
    await addDevices(6);
    const { tickets } = await paidTickets(db, AT, { quantity: 30 });
    const checkin = service();
    const verdicts = await Promise.all(
      tickets.flatMap((ticket) =>
        Array.from({ length: 6 }, (_, d) => checkin.scan(device(d + 1), ticket.code, { sessionIds: [9000], lang: 'ru' })),
      ),
    );
    expect(verdicts.filter((v) => v.verdict === 'admitted')).toHaveLength(30);
    expect(verdicts.filter((v) => v.verdict === 'already-used')).toHaveLength(150);
    const { rows } = await db.query<{ n: number }>('select count(distinct ticket_id)::int as n from checkins');
    expect(rows[0]?.n).toBe(30);
  });

  it('applies one offline batch once when it is sent 8 times at once, and a second device syncing the same ticket gets a conflict', async () => {
    await addDevices(2);
    const { tickets } = await paidTickets(db, AT, { quantity: 3 });
    const checkin = service();
    const batch = tickets.map((ticket, i) => ({ scanId: `scan-00000${i}`, code: ticket.code, scannedAt: AT.toISOString() }));
    const [other] = await Promise.all([
      checkin.sync(device(2), [{ scanId: 'other-0001', code: tickets[0]?.code ?? '', scannedAt: AT.toISOString() }], {
        sessionIds: [9000],
        lang: 'ru',
      }),
      ...Array.from({ length: 8 }, () => checkin.sync(device(1), batch, { sessionIds: [9000], lang: 'ru' })),
    ]);
    const { rows } = await db.query<{ device_key: string }>('select device_key from checkins order by ticket_id');
    expect(rows).toHaveLength(3);
    expect((await db.query('select 1 from checkin_offline_scans')).rows).toHaveLength(4);
    // Whoever won the first ticket, the other device's scan of it is a conflict and not a second admission.
    const firstWinner = rows[0]?.device_key;
    const otherVerdict = other?.[0]?.verdict;
    expect(otherVerdict).toBe(firstWinner === 'device:2' ? 'admitted' : 'conflict');
    // Every copy of the batch answers the same verdict per scan.
    const again = await checkin.sync(device(1), batch, { sessionIds: [9000], lang: 'ru' });
    expect(again.every((r) => r.replayed)).toBe(true);
  });
});
