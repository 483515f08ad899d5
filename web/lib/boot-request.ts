import { langFromLocation } from './lang.ts';

/**
 * A page's first answer asked for while the app boots (issue #10): as soon as the page's code is
 * evaluated (the app's entry preloads it), instead of after the app has set up its texts and
 * rendered the page, so the answer is on its way to the first paint. Kept by `${hash}|${lang}`;
 * the page's first query takes it once, and only while fresh (the query's staleTime): a page left
 * before it rendered asks again.
 */
export function createBootRequest<T>(page: RegExp, ask: (hash: string, lang: string) => Promise<T>, freshMs: number) {
  const requests = new Map<string, { request: Promise<T>; at: number }>();
  return {
    /** Asks for the answer when `pathname` is this page's address (its hash is the second segment). */
    start(pathname: string, search: string) {
      if (!page.test(pathname)) return;
      const hash = pathname.split('/')[2] ?? '';
      const lang = langFromLocation(pathname, search);
      const key = `${hash}|${lang}`;
      if (requests.has(key)) return;
      const request = ask(hash, lang);
      request.catch(() => {}); // a failure shows through the page's query, which takes the request
      requests.set(key, { request, at: performance.now() });
    },
    /** The answer asked for at boot, once and while fresh; else undefined (the query asks itself). */
    take(hash: string, lang: string): Promise<T> | undefined {
      const key = `${hash}|${lang}`;
      const early = requests.get(key);
      requests.delete(key);
      return early && performance.now() - early.at < freshMs ? early.request : undefined;
    },
  };
}
