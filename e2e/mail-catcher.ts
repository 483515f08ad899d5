/**
 * A mail catcher for the browser tests: a real SMTP server (smtp-server) that keeps every
 * message it receives, and a small HTTP endpoint the specs read them from
 * (GET /messages → [{to, raw}]), so a test can open a link from an e-mail as a visitor would.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; raw: string };

export async function startMailCatcher(httpPort: number) {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, '127.0.0.1', () => resolve());
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    close: () => Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise<void>((r) => http.close(() => r()))]),
  };
}
