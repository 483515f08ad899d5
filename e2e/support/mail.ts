import { expect } from '@playwright/test';
import { plainText } from '../../tests/smtp.ts';

const mailPort = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1);

/**
 * Waits for an e-mail the storefront sent to the mail catcher of e2e/start-server.ts whose text
 * matches, and answers its text (the outbox worker sends every half second in e2e/start-server.ts). `port`: the HTTP port of
 * another server's catcher (its port + 1).
 */
export async function waitForMail(match: (text: string) => boolean, timeoutMs = 30_000, port = mailPort): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/messages`);
        const messages = (await response.json()) as { to: string[]; raw: string }[];
        found = messages.map((m) => plainText(m.raw)).find(match) ?? '';
        return found !== '';
      },
      { timeout: timeoutMs, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found;
}

/** The e-mails the catcher of e2e/start-server.ts received for one address, as text. */
export async function mailsTo(address: string, port = mailPort): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/messages`);
  const messages = (await response.json()) as { to: string[]; raw: string }[];
  return messages.filter((m) => m.to.some((to) => to.toLowerCase().includes(address.toLowerCase()))).map((m) => plainText(m.raw));
}
