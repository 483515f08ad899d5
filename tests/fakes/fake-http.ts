import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One-shot faults a test arms on a fake acquirer: no answer at all, or an HTTP 500. */
export type Fault = 'timeout' | '500';

export type FakeRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
export type FakeAnswer = { status: number; body: string; contentType?: string; location?: string };

/** How a fake posts a notification to the storefront; answers the storefront's status and body. */
export type Deliver = (url: string, body: unknown) => Promise<{ status: number; body: string }>;

export const deliverByHttp: Deliver = async (url, body) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.text() };
};

/**
 * A local HTTP server for a fake acquirer on a free port of 127.0.0.1 (or the given one). A
 * request met by an armed 'timeout' fault is held unanswered until the server closes.
 */
export async function startFakeServer(handle: (request: FakeRequest) => Promise<FakeAnswer> | FakeAnswer, port = 0) {
  const faults: { match: string; fault: Fault }[] = [];
  const held = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const at = faults.findIndex((f) => path.endsWith(f.match));
      if (at >= 0) {
        const fault = faults.splice(at, 1)[0]?.fault;
        if (fault === 'timeout') {
          held.add(res);
          return;
        }
        res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
        return;
      }
      Promise.resolve(handle({ method: req.method ?? 'GET', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }))
        .then((answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.contentType ?? 'application/json; charset=utf-8',
            ...(answer.location ? { location: answer.location } : {}),
          });
          res.end(answer.body);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** The next request whose path ends with `match` meets the fault. */
    arm(match: string, fault: Fault) {
      faults.push({ match, fault });
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown): FakeAnswer => ({ status, body: JSON.stringify(body) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake's payment page: the amount and one button per outcome, as a bank's test page offers. */
export function paymentPage(
  title: string,
  amountText: string,
  action: string,
  choices: readonly { value: string; label: string }[],
): FakeAnswer {
  const buttons = choices
    .map((c) => `<button type="submit" name="choice" value="${escapeHtml(c.value)}">${escapeHtml(c.label)}</button>`)
    .join('\n');
  return {
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>К оплате: <strong>${escapeHtml(amountText)}</strong></p>
<form method="post" action="${escapeHtml(action)}">${buttons}</form></main></body></html>`,
  };
}

export function formChoice(body: string): string {
  return new URLSearchParams(body).get('choice') ?? '';
}
