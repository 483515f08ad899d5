import { expect } from 'vitest';
import type { TestApp } from '../../tests/harness.ts';
import { plainText, startSmtp } from '../../tests/smtp.ts';
import { deliverDueMail } from '../mail/mail-worker.ts';
import { smtpTransport } from '../mail/transport.ts';

/** A sign-up as the event page sends it. */
export function join(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.post('/api/waitlist/join', { sessionId: 9000, email: 'anna@example.test', places: 1, lang: 'ru', ...body }, headers);
}

export type Entry = { id: number; email: string; state: string; offered_order_id: number | null; offered_until: Date | null };

export async function entries(t: TestApp, sessionId = 9000): Promise<Entry[]> {
  const { rows } = await t.db.query<Entry>(
    'select id, email, state, offered_order_id, offered_until from waitlist_entries where session_id = $1 order by id',
    [sessionId],
  );
  return rows;
}

export async function stateOf(t: TestApp, sessionId = 9000): Promise<Record<string, string>> {
  return Object.fromEntries((await entries(t, sessionId)).map((e) => [e.email, e.state]));
}

/** Delivers the outbox to a real SMTP server (the test mail catcher) and answers what it received, as mail clients show it. */
export async function deliverToCatcher(t: TestApp): Promise<{ to: string; subject: string; text: string }[]> {
  const smtp = await startSmtp();
  const transport = smtpTransport(smtp.url, { timeoutMs: 3000 });
  try {
    await deliverDueMail(t.db, transport, { now: t.clock.now, from: 'Storefront <tickets@example.test>' });
    return smtp.received.map((m) => ({
      to: m.to[0] ?? '',
      subject: decodeSubject(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(m.raw)?.[1] ?? ''),
      text: plainText(m.raw),
    }));
  } finally {
    transport.close();
    await smtp.close();
  }
}

function decodeSubject(header: string): string {
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

/** The first link of a mail's text that starts with the path. */
export function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}[^\\s]*`).exec(text);
  expect(match, text).not.toBeNull();
  return new URL((match as RegExpExecArray)[0]);
}
