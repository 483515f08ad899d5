import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '../../../lib/api.ts';
import { requestSessionsAtBoot, schemeSessionsQueryOptions } from './scheme-api.ts';

vi.mock('../../../lib/api.ts', () => ({ apiPost: vi.fn() }));

const post = vi.mocked(apiPost);
const run = (hash: string, lang: 'ru' | 'en') => {
  const queryFn = schemeSessionsQueryOptions(hash, lang).queryFn as (context: never) => Promise<unknown>;
  return queryFn({ signal: new AbortController().signal } as never);
};

afterEach(() => post.mockReset());

describe('the scheme sessions asked for at boot', () => {
  it('asks nothing on another page', () => {
    requestSessionsAtBoot('/event/symphony', '');
    expect(post).not.toHaveBeenCalled();
  });

  it("is asked once and taken by the page's first query; the next query asks again", async () => {
    const early = { early: true };
    post.mockResolvedValueOnce(early as never).mockResolvedValueOnce({ later: true } as never);
    requestSessionsAtBoot('/scheme/symphony/28.11.2026', '');
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual(['/api/scheme/sessions', { hash: 'symphony', lang: 'ru' }]);
    await expect(run('symphony', 'ru')).resolves.toBe(early);
    await expect(run('symphony', 'ru')).resolves.toEqual({ later: true });
    expect(post).toHaveBeenCalledTimes(2);
  });
});
