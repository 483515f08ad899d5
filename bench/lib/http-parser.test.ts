import { describe, expect, it } from 'vitest';
import { HttpParseError, type ParsedResponse, ResponseParser } from './http-parser.ts';

type Seen = { status: number; headers: Record<string, string | undefined>; body: string };

function collect() {
  const seen: Seen[] = [];
  const parser = new ResponseParser((r: ParsedResponse) =>
    seen.push({ status: r.status, headers: r.headers, body: r.body.toString('utf8') }),
  );
  return { seen, parser };
}

const refusal = JSON.stringify({ errorCode: '-1029', errorText: 'Слишком много запросов. Подождите немного и попробуйте снова.' });
const refusalBytes = Buffer.byteLength(refusal);
/** A 429 as the storefront sends it (Content-Length framing, a UTF-8 body longer in bytes than in characters). */
const answer429 = `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${refusalBytes}\r\nretry-after: 1\r\nDate: Sat, 21 Nov 2026 16:00:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n\r\n${refusal}`;
const answer200 = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 33\r\n\r\n{"errorCode":"0","hash":"abc123"}';
const chunkedBody = '4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\n\r\n';
const answerChunked = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n${chunkedBody}`;
describe('ResponseParser', () => {
  it('reads status, lower-case headers and a Content-Length body', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from(answer429));
    expect(seen).toEqual([
      {
        status: 429,
        headers: expect.objectContaining({
          'retry-after': '1',
          'content-type': 'application/json; charset=utf-8',
          connection: 'keep-alive',
          date: 'Sat, 21 Nov 2026 16:00:00 GMT',
        }),
        body: refusal,
      },
    ]);
    expect(parser.midResponse).toBe(false);
  });

  it('gives the same answers whatever byte the data is split at', () => {
    for (const text of [answer429, answer200, answerChunked, answer200 + answer429]) {
      const whole = Buffer.from(text);
      const expected = collect();
      expected.parser.push(whole);
      expect(expected.seen.length).toBeGreaterThan(0);
      for (let cut = 1; cut < whole.length; cut++) {
        const { seen, parser } = collect();
        parser.push(whole.subarray(0, cut));
        parser.push(whole.subarray(cut));
        expect(seen, `split at byte ${cut}`).toEqual(expected.seen);
        expect(parser.midResponse).toBe(false);
      }
    }
  });

  it('gives the same answers when the data comes one byte at a time', () => {
    const whole = Buffer.from(answer429 + answerChunked + answer200);
    const { seen, parser } = collect();
    for (let i = 0; i < whole.length; i++) parser.push(whole.subarray(i, i + 1));
    expect(seen.map((s) => [s.status, s.body])).toEqual([
      [429, refusal],
      [200, 'Wikipedia in\r\n\r\nchunks.'],
      [200, '{"errorCode":"0","hash":"abc123"}'],
    ]);
  });

  it('reads two keep-alive answers that come in one chunk', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from(answer200 + answer429));
    expect(seen.map((s) => s.status)).toEqual([200, 429]);
    expect(seen[0]?.body).toBe('{"errorCode":"0","hash":"abc123"}');
    expect(seen[1]?.body).toBe(refusal);
  });

  it('keeps the start of the next answer that shares a chunk with the end of one', () => {
    const { seen, parser } = collect();
    const next = answer429.slice(0, 20);
    parser.push(Buffer.from(answer200 + next));
    expect(seen.map((s) => s.status)).toEqual([200]);
    expect(parser.midResponse).toBe(true);
    parser.push(Buffer.from(answer429.slice(20)));
    expect(seen.map((s) => s.status)).toEqual([200, 429]);
  });

  it('decodes a chunked body: extensions, a chunk holding CRLF, trailers', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from(answerChunked));
    expect(seen).toEqual([
      { status: 200, headers: expect.objectContaining({ 'transfer-encoding': 'chunked' }), body: 'Wikipedia in\r\n\r\nchunks.' },
    ]);
    const trailers = collect();
    trailers.parser.push(
      Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Checksum: 1\r\nX-More: 2\r\n\r\n' + answer200),
    );
    expect(trailers.seen.map((s) => [s.status, s.body])).toEqual([
      [200, 'abc'],
      [200, '{"errorCode":"0","hash":"abc123"}'],
    ]);
  });

  it('counts chunk sizes in bytes, so a multi-byte character split over two chunks is whole in the body', () => {
    const word = Buffer.from('Привет'); // 12 bytes
    const body = Buffer.concat([
      Buffer.from('5\r\n'),
      word.subarray(0, 5),
      Buffer.from('\r\n7\r\n'),
      word.subarray(5),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const { seen, parser } = collect();
    parser.push(Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'), body]));
    expect(seen[0]?.body).toBe('Привет');
  });

  it('refuses a malformed chunk', () => {
    for (const bad of ['zz\r\nabc\r\n0\r\n\r\n', '2\r\nabc\r\n0\r\n\r\n']) {
      const { parser } = collect();
      expect(() => parser.push(Buffer.from(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${bad}`))).toThrow(HttpParseError);
    }
  });

  it('answers without a body: 204, 304, and Content-Length 0', () => {
    const { seen, parser } = collect();
    parser.push(
      Buffer.from(
        'HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n',
      ),
    );
    expect(seen.map((s) => [s.status, s.body])).toEqual([
      [204, ''],
      [304, ''],
      [200, ''],
    ]);
  });

  it('skips an interim 100 Continue and gives the answer after it', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from(`HTTP/1.1 100 Continue\r\n\r\n${answer429}`));
    expect(seen.map((s) => s.status)).toEqual([429]);
  });

  it('reads a body framed by the end of the connection when there is no length', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nsome'));
    parser.push(Buffer.from(' text'));
    expect(seen).toEqual([]);
    parser.end();
    expect(seen.map((s) => [s.status, s.body])).toEqual([[200, 'some text']]);
  });

  it('fails when the connection closes mid-response: in the head, in a sized body, in a chunked body', () => {
    for (const cut of [
      'HTTP/1.1 200 OK\r\nContent-Le',
      answer429.slice(0, -5),
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWi',
    ]) {
      const { seen, parser } = collect();
      parser.push(Buffer.from(cut));
      expect(parser.midResponse).toBe(true);
      expect(() => parser.end()).toThrow(/closed mid-response/);
      expect(seen).toEqual([]);
    }
  });

  it('is quiet when the connection closes between answers', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from(answer200));
    expect(() => parser.end()).not.toThrow();
    expect(seen).toHaveLength(1);
  });

  it('refuses what is not an HTTP/1.x answer and a bad Content-Length', () => {
    for (const bad of [
      'SSH-2.0-OpenSSH\r\n\r\n',
      'HTTP/2 200\r\n\r\n',
      'HTTP/1.1 2x0 OK\r\n\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
    ]) {
      const { parser } = collect();
      expect(() => parser.push(Buffer.from(bad)), bad).toThrow(HttpParseError);
    }
  });

  it('keeps a status line without a reason phrase', () => {
    const { seen, parser } = collect();
    parser.push(Buffer.from('HTTP/1.1 429\r\nContent-Length: 2\r\n\r\n{}'));
    expect(seen.map((s) => [s.status, s.body])).toEqual([[429, '{}']]);
  });
});
