import { expect } from '@playwright/test';

const mailPort = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1);

/** The text/plain part of a MIME message, decoded (quoted-printable or base64), as a mail client shows it. */
export function plainText(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = part.slice(split).replace(/^\s+/, '').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  return '';
}

/**
 * Waits for an e-mail the storefront sent to the mail catcher of e2e/start-server.ts whose text
 * matches, and answers its text (the outbox worker sends every few seconds).
 */
export async function waitForMail(match: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${mailPort}/messages`);
        const messages = (await response.json()) as { to: string[]; raw: string }[];
        found = messages.map((m) => plainText(m.raw)).find(match) ?? '';
        return found !== '';
      },
      { timeout: timeoutMs, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return found;
}
