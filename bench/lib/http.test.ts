import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './http.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; socket: number };

/** A local HTTP server that records what it receives and answers with `handle`. */
async function serve(handle: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  let sockets = 0;
  const ids = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: ids.get(req.socket) ?? 0,
      };
      seen.push(entry);
      handle(req, res, entry);
    });
  });
  server.on('connection', (socket) => ids.set(socket, ++sockets));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  closers.push(close);
  return { url, seen, connections: () => sockets };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const tokenOr = (req: http.IncomingMessage, res: http.ServerResponse, answer: () => void) => {
  if (req.url === '/api/token') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ token: 'tok-1' }));
  } else answer();
};

describe('createClient (raw-socket HTTP/1.1)', () => {
  it('sends a POST as the web app does: JSON with its byte length, the CSRF token and X-Requested-With', async () => {
    const { url, seen } = await serve((req, res) =>
      tokenOr(req, res, () => res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"errorCode":"-1029"}')),
    );
    const client = createClient(url);
    const buyer = client.buyer();
    const body = { fio: 'Покупатель Билетов', n: 1 };
    const answer = await buyer.post('/api/order/create', body);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.text).toBe('{"errorCode":"-1029"}');
    expect(answer.ms).toBeGreaterThan(0);
    const post = seen.find((s) => s.method === 'POST');
    expect(post).toMatchObject({ url: '/api/order/create', body: JSON.stringify(body) });
    expect(post?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(JSON.stringify(body))),
      'x-csrf-token': 'tok-1',
      'x-requested-with': 'XMLHttpRequest',
      host: new URL(url).host,
    });
    // A body serialized beforehand goes as it is, again and again.
    const bytes = Buffer.from(JSON.stringify({ pre: 'сериализовано' }));
    await buyer.post('/api/order/create', bytes);
    await buyer.post('/api/order/create', bytes);
    expect(
      seen
        .filter((s) => s.method === 'POST')
        .map((s) => s.body)
        .slice(1),
    ).toEqual([bytes.toString(), bytes.toString()]);
    client.close();
  });

  it('keeps one buyer on one connection, and gives every buyer its own', async () => {
    const { url, seen, connections } = await serve((req, res) => tokenOr(req, res, () => res.end('ok')));
    const client = createClient(url);
    await client.token();
    const a = client.buyer();
    const b = client.buyer();
    for (let i = 0; i < 3; i++) await Promise.all([a.post('/x', { i }), b.post('/y', { i })]);
    const xs = new Set(seen.filter((s) => s.url === '/x').map((s) => s.socket));
    const ys = new Set(seen.filter((s) => s.url === '/y').map((s) => s.socket));
    expect(xs.size).toBe(1);
    expect(ys.size).toBe(1);
    expect([...xs][0]).not.toBe([...ys][0]);
    // The token's connection, then one per buyer.
    expect(connections()).toBe(3);
    client.close();
  });

  it('sends a buyer’s requests one at a time, in order, on its connection', async () => {
    const { url, seen } = await serve((req, res, s) => setTimeout(() => res.end(s.url), s.url === '/1' ? 30 : 0));
    const client = createClient(url);
    const buyer = client.buyer();
    const answers = await Promise.all(['/1', '/2', '/3'].map((p) => buyer.get(p)));
    expect(answers.map((a) => a.text)).toEqual(['/1', '/2', '/3']);
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
    client.close();
  });

  it('reads a chunked answer', async () => {
    const { url } = await serve((_req, res) => {
      res.write('{"part":');
      setTimeout(() => res.end('"two"}'), 5);
    });
    const client = createClient(url);
    const answer = await client.get('/chunked');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(answer.text)).toEqual({ part: 'two' });
    client.close();
  });

  it('opens a new connection after an answer with Connection: close', async () => {
    const { url, seen } = await serve((_req, res) => res.setHeader('connection', 'close').end('bye'));
    const client = createClient(url);
    const buyer = client.buyer();
    expect((await buyer.get('/a')).text).toBe('bye');
    expect((await buyer.get('/b')).text).toBe('bye');
    expect(new Set(seen.map((s) => s.socket)).size).toBe(2);
    client.close();
  });

  it('opens a new connection when the server closed the idle one', async () => {
    const { url, seen } = await serve((req, res) => {
      res.end('ok');
      if (req.url === '/first') res.on('finish', () => setTimeout(() => req.socket.destroy(), 5));
    });
    const client = createClient(url);
    const buyer = client.buyer();
    await buyer.get('/first');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await buyer.get('/second')).text).toBe('ok');
    expect(new Set(seen.map((s) => s.socket)).size).toBe(2);
    client.close();
  });

  it('reads an answer framed by the end of the connection, then sends the next request on a new one', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      const n = ++connections;
      socket.once('data', () => socket.end(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nanswer ${n}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const buyer = client.buyer();
    const answers = await Promise.all([buyer.get('/a'), buyer.get('/b')]);
    expect(answers.map((a) => a.text)).toEqual(['answer 1', 'answer 2']);
    client.close();
  });

  it('fails the request when the connection closes mid-answer, and the buyer can go on', async () => {
    const { url } = await serve((req, res) => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('only a part');
        setTimeout(() => req.socket.destroy(), 10);
      } else res.end('whole');
    });
    const client = createClient(url);
    const buyer = client.buyer();
    await expect(buyer.get('/cut')).rejects.toThrow(/closed mid-response/);
    expect((await buyer.get('/next')).text).toBe('whole');
    client.close();
  });

  it('fails the request when nothing answers within the timeout', async () => {
    const { url } = await serve(() => undefined);
    const client = createClient(url, { timeoutMs: 50 });
    await expect(client.buyer().get('/silent')).rejects.toThrow(/timeout/);
    client.close();
  });

  it('fails the request when nobody listens', async () => {
    const { url } = await serve((_req, res) => res.end());
    await closers.pop()?.();
    const client = createClient(url);
    await expect(client.buyer().get('/')).rejects.toThrow(/ECONNREFUSED/);
    client.close();
  });

  it('fails what is still waiting when the buyer leaves', async () => {
    const { url } = await serve(() => undefined);
    const client = createClient(url);
    const buyer = client.buyer();
    const waiting = [buyer.get('/a'), buyer.get('/b')];
    buyer.close();
    for (const p of waiting) await expect(p).rejects.toThrow(/closed by the client/);
  });
});
