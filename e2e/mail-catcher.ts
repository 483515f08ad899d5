/**
 * A mail catcher for the browser tests: a real SMTP server (smtp-server) that keeps every
 * message it receives, and a small HTTP endpoint the specs read them from
 * (GET /messages → [{to, raw}]), so a test can open a link from an e-mail as a visitor would.
 */
import { type Server, createServer } from 'node:http';
import { startSmtp } from '../tests/smtp.ts';

export type { ReceivedMail as CaughtMail } from '../tests/smtp.ts';

export async function startMailCatcher(httpPort: number) {
  const smtp = await startSmtp();
  const messages = smtp.received;

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
    smtpUrl: smtp.url,
    close: () => Promise.all([smtp.close(), new Promise<void>((r) => http.close(() => r()))]),
  };
}
