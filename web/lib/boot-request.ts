import { langFromLocation } from './lang.ts';

type BootOptions<T> = {
  /** The hash in the page's address; by default its second segment (/event/{hash}/…). */
  hashOf?: (pathname: string) => string;
  /** Whether to ask for this hash at all (a hash no order can have is not found without asking). */
  accepts?: (hash: string) => boolean;
  /**
   * The answer as it stands `ms` after it arrived, for an answer that counts time from its
   * arrival (the order's reserve time), since the query takes it later than that.
   */
  age?: (answer: T, ms: number) => T;
};

/**
 * A page's first answer asked for while the app boots: as soon as the page's code is
 * evaluated (the app's entry preloads it), instead of after the app has set up its texts and
 * rendered the page, so the answer is on its way to the first paint. Kept by `${hash}|${lang}`;
 * the page's first query takes it once, and only while fresh (the query's staleTime): a page left
 * before it rendered asks again.
 */
export function createBootRequest<T>(
  page: RegExp | readonly RegExp[],
  ask: (hash: string, lang: string) => Promise<T>,
  freshMs: number,
  options: BootOptions<T> = {},
) {
  const pages = Array.isArray(page) ? page : [page as RegExp];
  const hashOf = options.hashOf ?? ((pathname: string) => pathname.split('/')[2] ?? '');
  const requests = new Map<string, { request: Promise<{ answer: T; at: number }>; at: number }>();
  return {
    /** Asks for the answer when `pathname` is this page's address. */
    start(pathname: string, search: string) {
      if (!pages.some((pattern) => pattern.test(pathname))) return;
      const hash = hashOf(pathname);
      if (options.accepts && !options.accepts(hash)) return;
      const lang = langFromLocation(pathname, search);
      const key = `${hash}|${lang}`;
      if (requests.has(key)) return;
      const request = ask(hash, lang).then((answer) => ({ answer, at: performance.now() }));
      request.catch(() => {}); // a failure shows through the page's query, which takes the request
      requests.set(key, { request, at: performance.now() });
    },
    /** The answer asked for at boot, once and while fresh; else undefined (the query asks itself). */
    take(hash: string, lang: string): Promise<T> | undefined {
      const key = `${hash}|${lang}`;
      const early = requests.get(key);
      requests.delete(key);
      if (!early || performance.now() - early.at >= freshMs) return undefined;
      const { age } = options;
      return early.request.then(({ answer, at }) => (age ? age(answer, performance.now() - at) : answer));
    },
  };
}
