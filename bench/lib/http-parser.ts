/**
 * A minimal HTTP/1.1 response parser for the load generator (bench/lib/http.ts): status line,
 * headers up to the blank line, then a body framed by Content-Length, by
 * `Transfer-Encoding: chunked`, or (neither) by the end of the connection. It reads only what the
 * buyer simulations need: the status, the headers as lower-case names (values kept as sent), and
 * the body bytes, never decoded here. Several responses may come in one chunk (keep-alive) and a
 * response may be split anywhere across chunks.
 */

export type Headers = Record<string, string | undefined>;
export type ParsedResponse = { status: number; headers: Headers; body: Buffer };

export class HttpParseError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** A response head longer than this is not one the storefront sends. */
const MAX_HEAD = 64 * 1024;

type Body =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailers'; left: number }
  | { kind: 'until-close' };

export class ResponseParser {
  /** Bytes received but not consumed yet (an incomplete head, chunk-size line or trailer). */
  private pending: Buffer | null = null;
  private head: { status: number; headers: Headers } | null = null;
  private body: Body | null = null;
  private parts: Buffer[] = [];
  private readonly onResponse: (response: ParsedResponse) => void;

  constructor(onResponse: (response: ParsedResponse) => void) {
    this.onResponse = onResponse;
  }

  /** True while a response has started but not ended (its head or part of its body is missing). */
  get midResponse(): boolean {
    return this.head !== null || (this.pending !== null && this.pending.length > 0);
  }

  /** Feeds bytes as they arrive; calls onResponse for every response completed. Throws HttpParseError on a malformed one. */
  push(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    while (at < data.length) {
      if (!this.head) {
        const end = data.indexOf(HEAD_END, at);
        if (end < 0) {
          if (data.length - at > MAX_HEAD) throw new HttpParseError('response head too long');
          this.pending = data.subarray(at);
          return;
        }
        this.startResponse(data.toString('latin1', at, end));
        at = end + 4;
        if (this.body === null) {
          this.finish();
          continue;
        }
      }
      at = this.readBody(data, at);
      if (at < 0) return;
    }
  }

  /**
   * The connection ended. A body framed by the end of the connection is complete now; any other
   * response still open was cut off, and that is an error.
   */
  end(): void {
    if (this.body?.kind === 'until-close') {
      this.finish();
      return;
    }
    if (this.midResponse) throw new HttpParseError('connection closed mid-response');
  }

  private startResponse(head: string) {
    const lineEnd = head.indexOf('\r\n');
    const statusLine = lineEnd < 0 ? head : head.slice(0, lineEnd);
    // "HTTP/1.1 200 OK": the version, one space, three digits, then the reason (which may be empty).
    const status = Number(statusLine.slice(9, 12));
    if (
      !statusLine.startsWith('HTTP/1.') ||
      statusLine[8] !== ' ' ||
      (statusLine[12] !== undefined && statusLine[12] !== ' ') ||
      !(status >= 100 && status <= 999)
    ) {
      throw new HttpParseError(`not an HTTP/1.x status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
    }
    const headers: Headers = {};
    let from = lineEnd < 0 ? head.length : lineEnd + 2;
    while (from < head.length) {
      let to = head.indexOf('\r\n', from);
      if (to < 0) to = head.length;
      const colon = head.indexOf(':', from);
      if (colon < 0 || colon > to) throw new HttpParseError('malformed header line');
      const name = head.slice(from, colon).toLowerCase();
      const value = head.slice(colon + 1, to).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      from = to + 2;
    }
    this.head = { status, headers };
    // No body: interim (1xx), 204 and 304 answers (the bench sends no HEAD requests).
    const noBody = status < 200 || status === 204 || status === 304;
    const encoding = headers['transfer-encoding'];
    if (noBody) this.body = null;
    else if (encoding !== undefined) {
      // Chunked must be the last coding; anything else would be framed by the end of the connection.
      if (!/(^|,)\s*chunked\s*$/i.test(encoding)) this.body = { kind: 'until-close' };
      else this.body = { kind: 'chunked', state: 'size', left: 0 };
    } else if (headers['content-length'] !== undefined) {
      const length = headers['content-length'];
      if (!/^\d+$/.test(length)) throw new HttpParseError(`bad Content-Length: ${length}`);
      this.body = Number(length) === 0 ? null : { kind: 'length', left: Number(length) };
    } else this.body = { kind: 'until-close' };
  }

  /** Consumes body bytes from `at`; answers where the next response starts, or -1 when the data ran out. */
  private readBody(data: Buffer, at: number): number {
    const body = this.body;
    if (!body) return at;
    if (body.kind === 'until-close') {
      this.parts.push(data.subarray(at));
      return -1;
    }
    if (body.kind === 'length') {
      const take = Math.min(body.left, data.length - at);
      this.parts.push(data.subarray(at, at + take));
      body.left -= take;
      if (body.left > 0) return -1;
      this.finish();
      return at + take;
    }
    while (at < data.length) {
      if (body.state === 'data') {
        const take = Math.min(body.left, data.length - at);
        this.parts.push(data.subarray(at, at + take));
        body.left -= take;
        at += take;
        if (body.left === 0) body.state = 'data-end';
        continue;
      }
      // The size line, the CRLF after a chunk's data, and the trailer lines are whole lines.
      const eol = data.indexOf(CRLF, at);
      if (eol < 0) {
        if (data.length - at > MAX_HEAD) throw new HttpParseError('chunk line too long');
        this.pending = data.subarray(at);
        return -1;
      }
      const line = data.toString('latin1', at, eol);
      at = eol + 2;
      if (body.state === 'data-end') {
        if (line !== '') throw new HttpParseError('chunk data longer than its size');
        body.state = 'size';
      } else if (body.state === 'size') {
        const size = line.split(';', 1)[0]?.trim() ?? '';
        if (!/^[0-9a-fA-F]+$/.test(size)) throw new HttpParseError(`bad chunk size: ${JSON.stringify(line.slice(0, 40))}`);
        body.left = parseInt(size, 16);
        body.state = body.left === 0 ? 'trailers' : 'data';
      } else if (line === '') {
        // The blank line after the last chunk (and any trailers) ends the response.
        this.finish();
        return at;
      }
    }
    return -1;
  }

  private finish() {
    const head = this.head;
    if (!head) return;
    const parts = this.parts;
    const body = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    this.head = null;
    this.body = null;
    this.parts = [];
    // An interim answer (100 Continue, 103 Early Hints) is followed by the real one on the same request.
    if (head.status < 200) return;
    this.onResponse({ status: head.status, headers: head.headers, body });
  }
}
