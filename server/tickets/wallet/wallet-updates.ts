import { connect } from 'node:http2';
import type { Queryable } from '../../db/client.ts';
import type { WalletPasses } from './wallet.service.ts';

/** Passes checked per run of the refresh job: a bounded amount of work whatever the number of registrations. */
const REFRESH_BATCH = 200;
/** A registered pass is checked again after this long (a change reaches the phone within about this). */
const RECHECK_MS = 5 * 60_000;
/** A session that ended this long ago no longer changes: its passes are not checked any more. */
const SESSION_OVER_MS = 24 * 3600_000;
const PUSH_BATCH = 100;
const MAX_PUSH_ATTEMPTS = 8;
const PUSH_LEASE_MS = 60_000;

/** Answers true for a new registration, false when the device had registered the pass already (its push token refreshed). */
export async function registerDevice(db: Queryable, deviceId: string, serial: string, pushToken: string, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ inserted: boolean }>(
    `insert into wallet_registrations (device_id, serial, push_token, registered_at) values ($1, $2, $3, $4)
     on conflict (device_id, serial) do update set push_token = excluded.push_token
     returning (xmax = 0) as inserted`,
    [deviceId, serial, pushToken, at],
  );
  return rows[0]?.inserted === true;
}

export async function unregisterDevice(db: Queryable, deviceId: string, serial: string): Promise<void> {
  await db.query('delete from wallet_registrations where device_id = $1 and serial = $2', [deviceId, serial]);
}

/** The passes of a device changed after `since` (ms since the epoch; Wallet echoes our lastUpdated), and the newest change. */
export async function updatedSerials(
  db: Queryable,
  deviceId: string,
  since: number | undefined,
): Promise<{ serials: string[]; lastUpdated: number }> {
  const { rows } = await db.query<{ serial: string; updated_at: Date | null }>(
    `select r.serial, p.updated_at from wallet_registrations r left join wallet_passes p on p.serial = r.serial
     where r.device_id = $1 order by r.serial`,
    [deviceId],
  );
  const changed = rows.filter((r) => since === undefined || (r.updated_at !== null && r.updated_at.getTime() > since));
  const lastUpdated = Math.max(0, ...rows.map((r) => r.updated_at?.getTime() ?? 0));
  return { serials: changed.map((r) => r.serial), lastUpdated };
}

export async function passUpdatedAt(db: Queryable, serial: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ updated_at: Date }>('select updated_at from wallet_passes where serial = $1', [serial]);
  return rows[0]?.updated_at;
}

/**
 * The refresh job: each registered pass whose session is not long over is rendered again at most
 * every few minutes; when its content differs from what was last seen, it is marked updated and a
 * push is queued for every device holding it. Claims rows with SKIP LOCKED, so several instances
 * share the work.
 */
export async function refreshRegisteredPasses(
  db: Queryable,
  wallet: WalletPasses,
  now: Date,
): Promise<{ checked: number; changed: number }> {
  const { rows } = await db.query<{ serial: string; tag: string | null }>(
    `select r.serial, p.tag from (select distinct serial from wallet_registrations) r
     left join wallet_passes p on p.serial = r.serial
     join tickets t on t.hash = r.serial join order_lines l on l.id = t.order_line_id join sessions s on s.id = l.session_id
     where (p.checked_at is null or p.checked_at < $1) and s.starts_at > $2
     order by p.checked_at nulls first limit ${REFRESH_BATCH}`,
    [new Date(now.getTime() - RECHECK_MS), new Date(now.getTime() - SESSION_OVER_MS)],
  );
  let changed = 0;
  for (const row of rows) {
    const state = await wallet.stateOf(row.serial);
    if (!state) continue;
    const { tag } = await wallet.render(state);
    if (row.tag === null) {
      await db.query(
        `insert into wallet_passes (serial, tag, updated_at, checked_at) values ($1, $2, $3, $3)
         on conflict (serial) do update set checked_at = excluded.checked_at`,
        [row.serial, tag, now],
      );
      continue;
    }
    if (row.tag === tag) {
      await db.query('update wallet_passes set checked_at = $2 where serial = $1', [row.serial, now]);
      continue;
    }
    const { rowCount } = await db.query(
      'update wallet_passes set tag = $2, updated_at = $3, checked_at = $3 where serial = $1 and tag = $4',
      [row.serial, tag, now, row.tag],
    );
    if (rowCount === 0) continue;
    changed++;
    await db.query(
      `insert into wallet_pushes (push_token, created_at, next_at)
       select distinct push_token, $2::timestamptz, $2::timestamptz from wallet_registrations where serial = $1`,
      [row.serial, now],
    );
  }
  return { checked: rows.length, changed };
}

/**
 * Where pushes go: Apple's notification service over HTTP/2, authenticated by the pass
 * certificate itself (TLS client certificate), topic = the pass type id, an empty JSON payload.
 */
export type ApnsTarget = {
  url: string;
  certPem: string;
  keyPem: string;
  passphrase?: string;
  topic: string;
  ca?: string;
  timeoutMs?: number;
};

export type PushAnswer = { status: number; reason?: string };

export function sendApnsPush(target: ApnsTarget, pushToken: string): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    const session = connect(target.url, {
      cert: target.certPem,
      key: target.keyPem,
      ...(target.passphrase ? { passphrase: target.passphrase } : {}),
      ...(target.ca ? { ca: target.ca } : {}),
    });
    const fail = (error: Error) => {
      session.destroy();
      reject(error);
    };
    session.on('error', fail);
    session.setTimeout(target.timeoutMs ?? 10_000, () => fail(new Error('APNs did not answer in time')));
    const request = session.request({
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(pushToken)}`,
      'apns-topic': target.topic,
      'content-type': 'application/json',
    });
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      session.close();
      let reason: string | undefined;
      try {
        reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
      } catch {
        reason = body.slice(0, 200);
      }
      resolve({ status, ...(reason ? { reason } : {}) });
    });
    request.on('error', fail);
    request.end('{}');
  });
}

/**
 * Sends the queued pushes: 200 marks one sent; 410 (the device dropped the pass) or 400 (a bad
 * token) drops it and forgets the token's registrations; anything else, or no answer, is retried
 * later with a growing delay, and given up after a number of attempts.
 */
export async function deliverWalletPushes(
  db: Queryable,
  send: (pushToken: string) => Promise<PushAnswer>,
  now: Date,
): Promise<{ sent: number; dropped: number; failed: number }> {
  // Claimed with a lease (next_at moved on): another instance skips them; a crash mid-send leaves
  // them due again after the lease, and a repeated push is harmless (the phone only asks what changed).
  const { rows } = await db.query<{ id: number; push_token: string; attempts: number }>(
    `update wallet_pushes set next_at = $2 where id in (
       select id from wallet_pushes where sent_at is null and dropped_at is null and next_at <= $1
       order by id limit ${PUSH_BATCH} for update skip locked)
     returning id, push_token, attempts`,
    [now, new Date(now.getTime() + PUSH_LEASE_MS)],
  );
  const result = { sent: 0, dropped: 0, failed: 0 };
  for (const row of rows) {
    let answer: PushAnswer;
    try {
      answer = await send(row.push_token);
    } catch (error) {
      answer = { status: 0, reason: error instanceof Error ? error.message : String(error) };
    }
    if (answer.status === 200) {
      await db.query('update wallet_pushes set sent_at = $2, attempts = attempts + 1 where id = $1', [row.id, now]);
      result.sent++;
    } else if (answer.status === 410 || answer.status === 400 || row.attempts + 1 >= MAX_PUSH_ATTEMPTS) {
      await db.query('update wallet_pushes set dropped_at = $2, attempts = attempts + 1, last_error = $3 where id = $1', [
        row.id,
        now,
        `${answer.status} ${answer.reason ?? ''}`.trim(),
      ]);
      if (answer.status === 410 || answer.status === 400)
        await db.query('delete from wallet_registrations where push_token = $1', [row.push_token]);
      result.dropped++;
    } else {
      const delayMs = Math.min(3600_000, 30_000 * 2 ** row.attempts);
      await db.query('update wallet_pushes set attempts = attempts + 1, next_at = $2, last_error = $3 where id = $1', [
        row.id,
        new Date(now.getTime() + delayMs),
        `${answer.status} ${answer.reason ?? ''}`.trim(),
      ]);
      result.failed++;
    }
  }
  return result;
}
