import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it receives: the peer
 * the mail tests, the return-mail test and the browser tests' mail catcher deliver to.
 */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain part of a MIME message, decoded (quoted-printable or base64), as a mail client shows it; '' if none. */
export function plainText(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = part
      .slice(split)
      .replace(/^\s+/, '')
      .replace(/\r?\n--[^\r\n]*--\s*$/, '');
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  return '';
}
