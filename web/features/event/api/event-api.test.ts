import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '../../../lib/api.ts';
import { eventQueryOptions, readFieldErrors, requestEventAtBoot } from './event-api.ts';

vi.mock('../../../lib/api.ts', () => ({ apiPost: vi.fn() }));

const post = vi.mocked(apiPost);
const context = () => ({ signal: new AbortController().signal }) as never;
const run = (hash: string, lang: string) => {
  const queryFn = eventQueryOptions(hash, lang).queryFn as (context: never) => Promise<unknown>;
  return queryFn(context());
};

afterEach(() => {
  post.mockReset();
  vi.restoreAllMocks();
});

describe('the event answer asked for at boot', () => {
  it('asks nothing on another page', () => {
    requestEventAtBoot('/scheme/jazz', '');
    requestEventAtBoot('/', '');
    expect(post).not.toHaveBeenCalled();
  });

  it("is asked once, in the address's language, and the page's first query takes it; the next query asks again", async () => {
    const early = { early: true };
    post.mockResolvedValueOnce(early as never).mockResolvedValueOnce({ later: true } as never);
    requestEventAtBoot('/event/jazz-night/01.03.2030/19:00', '?lang=en');
    requestEventAtBoot('/event/jazz-night/01.03.2030/19:00', '?lang=en');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual(['/api/no-scheme', { hash: 'jazz-night', lang: 'en' }]);
    await expect(run('jazz-night', 'en')).resolves.toBe(early);
    expect(post).toHaveBeenCalledTimes(1);
    await expect(run('jazz-night', 'en')).resolves.toEqual({ later: true });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('is not used for another language, nor once older than the query keeps answers fresh', async () => {
    post.mockResolvedValue({} as never);
    requestEventAtBoot('/event/opera', '');
    await run('opera', 'en');
    expect(post.mock.calls.map((call) => call[1])).toEqual([
      { hash: 'opera', lang: 'ru' },
      { hash: 'opera', lang: 'en' },
    ]);
    const now = performance.now();
    vi.spyOn(performance, 'now')
      .mockReturnValueOnce(now)
      .mockReturnValue(now + 30_001);
    requestEventAtBoot('/event/ballet', '');
    await run('ballet', 'ru');
    expect(post).toHaveBeenCalledTimes(4);
  });

  it('hands a failure to the query that takes it', async () => {
    post.mockRejectedValueOnce(new Error('offline'));
    requestEventAtBoot('/event/circus', '');
    await expect(run('circus', 'ru')).rejects.toThrow('offline');
  });
});

describe('readFieldErrors', () => {
  it.each([
    { body: [{ path: 'fio', code: 'required-fio' }], expected: [{ path: 'fio', code: 'required-fio' }] },
    { body: [], expected: [] },
    { body: undefined, expected: undefined },
    { body: 'fio', expected: undefined },
    { body: [{ path: 'fio' }], expected: undefined },
    { body: [null], expected: undefined },
    { body: [{ path: 1, code: 'x' }], expected: undefined },
  ])('$body → $expected', ({ body, expected }) => {
    expect(readFieldErrors(body)).toEqual(expected);
  });
});
