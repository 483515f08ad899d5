import { afterAll } from 'vitest';

// A worker runs its files one after another in one process (vitest.config.ts), and consecutive
// jsdom files share one document: what a file rendered and left mounted would still be on the page
// the next file queries (a list item too many). Each jsdom file ends by unmounting what it rendered.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterAll(cleanup);
}
