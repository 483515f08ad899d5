import net from 'node:net';
import { type Headers, HttpParseError, type ParsedResponse, ResponseParser } from './http-parser.ts';

/** One answer: status, headers (lower-case names), the body as text (decoded on first read), latency in ms. */
export type Answer = { readonly status: number; readonly headers: Headers; readonly text: string; readonly ms: number };

/** The longest a request waits for its answer (from when it is written) before it counts as unanswered. */
const TIMEOUT_MS = 60_000;

class Received implements Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly ms: number;
  private readonly body: Buffer;
  private decoded: string | undefined;
  constructor(response: ParsedResponse, ms: number) {
    this.status = response.status;
    this.headers = response.headers;
    this.body = response.body;
    this.ms = ms;
  }
  /** Decoded only when a caller reads it: most answers of a rush are counted by status alone. */
  get text(): string {
    this.decoded ??= this.body.toString('utf8');
    return this.decoded;
  }
}

type ConnectionEvents = { sent: () => void; closed: (connection: Connection) => void };
type Job = { request: Buffer; started: number; sentAt: number; resolve: (answer: Answer) => void; reject: (error: Error) => void };

/**
 * One buyer's HTTP/1.1 connection on a raw socket: requests go one at a time, each written as
 * one pre-built buffer; the connection is kept alive between them, and opened again when the
 * server closed it (`Connection: close`, its keep-alive timeout) or it failed.
 */
class Connection {
  private socket: net.Socket | null = null;
  private current: Job | null = null;
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly host: string;
  private readonly port: number;
  private readonly timeoutMs: number;
  private readonly events: ConnectionEvents;

  constructor(host: string, port: number, timeoutMs: number, events: ConnectionEvents) {
    this.host = host;
    this.port = port;
    this.timeoutMs = timeoutMs;
    this.events = events;
  }

  send(request: Buffer): Promise<Answer> {
    this.events.sent();
    return new Promise<Answer>((resolve, reject) => {
      const job: Job = { request, started: performance.now(), sentAt: 0, resolve, reject };
      if (this.closed) reject(new Error('connection closed by the client'));
      else if (this.current) this.queue.push(job);
      else this.start(job);
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('connection closed by the client');
    for (const job of this.queue.splice(0)) job.reject(error);
    this.current?.reject(error);
    this.current = null;
    this.socket?.destroy();
    this.socket = null;
    this.events.closed(this);
  }

  /** Fails the request in flight when its answer is overdue (the client's sweep calls this; one timer for all connections is cheaper than one per socket). */
  expire(now: number): void {
    if (this.current && now - this.current.sentAt > this.timeoutMs) this.socket?.destroy(new Error('timeout'));
  }

  private start(job: Job) {
    job.sentAt = performance.now();
    this.current = job;
    (this.socket ?? this.open()).write(job.request);
  }

  private open(): net.Socket {
    // Nagle's algorithm never holds a request back: each is one write, sent after the previous answer.
    const socket = net.connect({ host: this.host, port: this.port });
    const parser = new ResponseParser((response) => this.answered(socket, response));
    let failure: Error | undefined;
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      try {
        parser.push(chunk);
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
    socket.on('error', (error) => {
      failure = error;
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      const job = this.current;
      try {
        // A body framed by the end of the connection is complete now (answered() settles the job
        // and may start the next one on a new connection); any other was cut off.
        if (!failure) parser.end();
      } catch (error) {
        failure = error as HttpParseError;
      }
      if (!job || this.current !== job) return;
      this.current = null;
      job.reject(failure ?? new Error('connection closed before the answer'));
      this.next();
    });
    return socket;
  }

  private answered(socket: net.Socket, response: ParsedResponse) {
    const job = this.current;
    if (!job) {
      socket.destroy(new HttpParseError('an answer nobody asked for'));
      return;
    }
    this.current = null;
    if (/(^|,)\s*close\s*(,|$)/i.test(response.headers.connection ?? '')) {
      // The server ends the connection after this answer: the next request opens a new one.
      this.socket = null;
      socket.destroy();
    }
    job.resolve(new Received(response, performance.now() - job.started));
    this.next();
  }

  private next() {
    const job = this.queue.shift();
    if (job && !this.closed) this.start(job);
  }
}

/** What a buyer does: GET and POST on its own connection, then leave. */
export type Buyer = {
  get(path: string): Promise<Answer>;
  /** A POST as the web app sends it: JSON (or JSON already serialized into a Buffer) with X-CSRF-TOKEN and X-Requested-With. */
  post(path: string, body: unknown): Promise<Answer>;
  close(): void;
};

/**
 * The load generator's HTTP/1.1 client for the buyer simulations, on raw sockets (node:net)
 * rather than Node's http client: the bench shares the cores with the server it loads, so every
 * request is written as bytes built once per (method, path, body) and an answer is parsed only as
 * far as callers read it (bench/lib/http-parser.ts). `buyer()` gives a buyer its own keep-alive
 * connection, so N concurrent buyers are N connections, as in a real rush; a new buyer is a new
 * connection. The client's own get/post share one connection (set-up calls, one at a time).
 */
export function createClient(baseUrl: string, options: { timeoutMs?: number } = {}) {
  const base = new URL(baseUrl);
  const host = base.hostname;
  const port = Number(base.port || 80);
  const hostHeader = `Host: ${base.host}\r\n`;
  const open = new Set<Connection>();
  let token: string | undefined;
  let sent = 0;
  let fetchingToken: Promise<string> | undefined;

  const getRequests = new Map<string, Buffer>();
  /** POST heads up to Content-Length, per path (they carry the token, so built once it is known). */
  const postHeads = new Map<string, string>();
  /** Whole POST requests for bodies serialized beforehand, per path and body buffer. */
  const postRequests = new Map<string, WeakMap<Buffer, Buffer>>();

  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let sweep: ReturnType<typeof setInterval> | undefined;
  const connection = () => {
    sweep ??= setInterval(
      () => {
        const now = performance.now();
        for (const conn of open) conn.expire(now);
      },
      Math.max(10, Math.min(1000, timeoutMs / 4)),
    ).unref();
    const made = new Connection(host, port, timeoutMs, {
      sent: () => void sent++,
      closed: (c) => void open.delete(c),
    });
    open.add(made);
    return made;
  };

  function getRequest(path: string): Buffer {
    let request = getRequests.get(path);
    if (!request) {
      request = Buffer.from(`GET ${path} HTTP/1.1\r\n${hostHeader}\r\n`, 'latin1');
      getRequests.set(path, request);
    }
    return request;
  }

  function postRequest(path: string, csrf: string, body: unknown): Buffer {
    let head = postHeads.get(path);
    if (head === undefined) {
      head = `POST ${path} HTTP/1.1\r\n${hostHeader}Content-Type: application/json\r\nX-CSRF-TOKEN: ${csrf}\r\nX-Requested-With: XMLHttpRequest\r\n`;
      postHeads.set(path, head);
    }
    const build = (payload: Buffer) => Buffer.concat([Buffer.from(`${head}Content-Length: ${payload.length}\r\n\r\n`, 'latin1'), payload]);
    if (!Buffer.isBuffer(body)) return build(Buffer.from(JSON.stringify(body) ?? 'null'));
    let byBody = postRequests.get(path);
    if (!byBody) {
      byBody = new WeakMap();
      postRequests.set(path, byBody);
    }
    let request = byBody.get(body);
    if (!request) {
      request = build(body);
      byBody.set(body, request);
    }
    return request;
  }

  /** The CSRF token every state-changing call carries (fetched once; any instance accepts it). */
  async function fetchToken(): Promise<string> {
    if (token) return token;
    fetchingToken ??= (async () => {
      const once = connection();
      try {
        const answer = await once.send(getRequest('/api/token'));
        if (answer.status !== 200) throw new Error(`GET /api/token answered ${answer.status}`);
        token = (JSON.parse(answer.text) as { token: string }).token;
        return token;
      } finally {
        once.close();
        fetchingToken = undefined;
      }
    })();
    return fetchingToken;
  }

  function buyerOn(conn: Connection): Buyer {
    return {
      get: (path) => conn.send(getRequest(path)),
      post: (path, body) =>
        token ? conn.send(postRequest(path, token, body)) : fetchToken().then((t) => conn.send(postRequest(path, t, body))),
      close: () => conn.close(),
    };
  }

  const shared = buyerOn(connection());
  return {
    get: shared.get,
    post: shared.post,
    token: fetchToken,
    /** A new buyer with its own connection (opened on its first request); close() when the buyer leaves. */
    buyer: (): Buyer => buyerOn(connection()),
    /** HTTP requests sent so far (answered or not): what the generator's CPU time is divided by. */
    requestsSent: () => sent,
    /** Closes every connection still open. */
    close: () => {
      for (const conn of [...open]) conn.close();
      clearInterval(sweep);
      sweep = undefined;
    },
  };
}
export type Client = ReturnType<typeof createClient>;

export const json = <T>(answer: Answer): T => JSON.parse(answer.text) as T;
