import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../../../contract/order-view.ts';
import { apiPost } from '../../../lib/api.ts';
import { ageOrderView, orderQueryOptions, requestOrderAtBoot } from './order-api.ts';

vi.mock('../../../lib/api.ts', () => ({ apiPost: vi.fn() }));

const post = vi.mocked(apiPost);
const context = () => ({ signal: new AbortController().signal }) as never;
const run = (hash: string, lang: 'ru' | 'en' | 'kz' | 'ch') => {
  const queryFn = orderQueryOptions(hash, lang).queryFn as (context: never) => Promise<unknown>;
  return queryFn(context());
};
const HASH = 'AbC_12-xyzXYZ0123';
const view = (reserveTime: number) => ({ errorCode: '0', reserveTime }) as unknown as OrderView;

afterEach(() => {
  post.mockReset();
  vi.restoreAllMocks();
});

describe('the order asked for at boot', () => {
  it('asks nothing on another page, nor for a hash no order can have', () => {
    requestOrderAtBoot('/event/jazz', '');
    requestOrderAtBoot(`/order/return/${HASH}`, '');
    requestOrderAtBoot(`/order/declined/${HASH}`, '');
    requestOrderAtBoot('/order/short', '');
    expect(post).not.toHaveBeenCalled();
  });

  it("is asked once, in the address's language, and the page's first query takes it; the next query asks again", async () => {
    post.mockResolvedValueOnce(view(0) as never).mockResolvedValueOnce({ later: true } as never);
    requestOrderAtBoot(`/order/${HASH}`, '?lang=kz');
    requestOrderAtBoot(`/order/${HASH}`, '?lang=kz');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual(['/api/order/view', { hash: HASH, lang: 'kz' }]);
    await expect(run(HASH, 'kz')).resolves.toEqual(view(0));
    expect(post).toHaveBeenCalledTimes(1);
    await expect(run(HASH, 'kz')).resolves.toEqual({ later: true });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('is asked on the older order path of integration mode, in the language of its first segment', async () => {
    const other = 'ZZZ_12-xyzXYZ0123';
    post.mockResolvedValue(view(0) as never);
    requestOrderAtBoot(`/ch/order/view/${other}`, '');
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual(['/api/order/view', { hash: other, lang: 'ch' }]);
    await run(other, 'ch');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('is not used once older than 10 s', async () => {
    const other = 'OLD_12-xyzXYZ0123';
    post.mockResolvedValue(view(0) as never);
    const now = performance.now();
    vi.spyOn(performance, 'now')
      .mockReturnValueOnce(now)
      .mockReturnValue(now + 10_001);
    requestOrderAtBoot(`/order/${other}`, '');
    await run(other, 'ru');
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to the query that takes it', async () => {
    const other = 'ERR_12-xyzXYZ0123';
    post.mockRejectedValueOnce(new Error('offline'));
    requestOrderAtBoot(`/order/${other}`, '');
    await expect(run(other, 'ru')).rejects.toThrow('offline');
  });

  it('gives back the reserve time that passed between the answer and the query taking it', async () => {
    const other = 'AGE_12-xyzXYZ0123';
    let answer: (value: never) => void = () => {};
    post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now);
    requestOrderAtBoot(`/order/${other}`, '');
    answer(view(900) as never);
    await Promise.resolve();
    await Promise.resolve();
    clock.mockReturnValue(now + 2_500);
    await expect(run(other, 'ru')).resolves.toMatchObject({ reserveTime: 897.5 });
  });
});

describe('ageOrderView', () => {
  it.each([
    { reserveTime: 900, ms: 1_500, expected: 898.5 },
    { reserveTime: 1, ms: 4_000, expected: 0 },
    { reserveTime: 0, ms: 4_000, expected: 0 },
  ])('$reserveTime s, $ms ms later: $expected s', ({ reserveTime, ms, expected }) => {
    expect(ageOrderView(view(reserveTime), ms).reserveTime).toBe(expected);
  });
});
