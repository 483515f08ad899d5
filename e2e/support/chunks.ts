import type { Page } from '@playwright/test';

/** The built code chunks of these source files, by name: `/assets/<name>-<hash>.js`. */
export const codeChunks = (...names: string[]): Record<string, RegExp> =>
  Object.fromEntries(names.map((name) => [name, new RegExp(`^/assets/${name}-[\\w-]+\\.js$`)]));

/** Which of `chunks` (asset paths' patterns, by name) the page has loaded so far: their names, in `chunks`' order. */
export async function loadedChunks(page: Page, chunks: Record<string, RegExp>): Promise<string[]> {
  const paths = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  return Object.entries(chunks)
    .filter(([, chunk]) => paths.some((path) => chunk.test(path)))
    .map(([name]) => name);
}
