import http from 'node:http';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number };

/**
 * A plain HTTP/1.1 client for the buyer simulations: one keep-alive agent with no socket cap, so
 * N concurrent buyers are N connections, as in a real rush.
 */
export function createClient(baseUrl: string, options: { maxSockets?: number } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? Infinity });
  const base = new URL(baseUrl);
  let token: string | undefined;

  function request(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    get: (path: string) => request('GET', path),
    /** The CSRF token every state-changing call carries (fetched once; any instance accepts it). */
    async token(): Promise<string> {
      if (!token) token = (JSON.parse((await request('GET', '/api/token')).text) as { token: string }).token;
      return token;
    },
    /** A POST as the web app sends it: JSON (or JSON already serialized into a Buffer) with X-CSRF-TOKEN and X-Requested-With. */
    async post(path: string, body: unknown): Promise<Answer> {
      return request('POST', path, body, { 'x-csrf-token': await this.token(), 'x-requested-with': 'XMLHttpRequest' });
    },
    close: () => agent.destroy(),
  };
}
export type Client = ReturnType<typeof createClient>;

export const json = <T>(answer: Answer): T => JSON.parse(answer.text) as T;
