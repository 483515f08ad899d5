import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../../lib/api.ts';
import { requestTicketAtBoot, ticketQueryOptions } from './ticket-api.ts';

vi.mock('../../../lib/api.ts', () => ({ apiGet: vi.fn() }));

const get = vi.mocked(apiGet);
const context = () => ({ signal: new AbortController().signal }) as never;
const run = (hash: string, lang: string) => {
  const queryFn = ticketQueryOptions(hash, lang).queryFn as (context: never) => Promise<unknown>;
  return queryFn(context());
};
const HASH = 'TiC_12-xyzXYZ0123';

afterEach(() => {
  get.mockReset();
  vi.restoreAllMocks();
});

describe('the ticket asked for at boot', () => {
  it('asks nothing on another page, nor for a hash no ticket can have', () => {
    requestTicketAtBoot(`/order/${HASH}`, '');
    requestTicketAtBoot('/ticket/short', '');
    expect(get).not.toHaveBeenCalled();
  });

  it("is asked once, and the page's first query takes it; the next query asks again", async () => {
    get.mockResolvedValueOnce({ early: true } as never).mockResolvedValueOnce({ later: true } as never);
    requestTicketAtBoot(`/ticket/${HASH}`, '?lang=ch');
    requestTicketAtBoot(`/ticket/${HASH}`, '?lang=ch');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toBe(`/api/ticket/${HASH}`);
    await expect(run(HASH, 'ch')).resolves.toEqual({ early: true });
    await expect(run(HASH, 'ch')).resolves.toEqual({ later: true });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('checks the answer with a schema it loads only when asked (not on the page chunk)', async () => {
    get.mockResolvedValue({} as never);
    await run('TWO_12-xyzXYZ0123', 'ru');
    const schema = get.mock.calls[0]?.[1];
    expect(typeof schema).toBe('function');
    const loaded = await (schema as () => Promise<{ safeParse: unknown }>)();
    expect(typeof loaded.safeParse).toBe('function');
  });
});
