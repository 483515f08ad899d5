import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

// axe-core's browser build (a dev dependency) is run in the page under test. Evaluated through
// the debugging protocol rather than added as an inline <script>, which the pages' CSP refuses.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 levels A and AA, as axe-core tags its rules. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Rules run beside the tags: a name that contains the visible label (WCAG 2.5.3, marked
 * experimental by axe-core and so off unless named) and 24 × 24 px targets (WCAG 2.2's 2.5.8).
 */
const NAMED_RULES = { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } };

async function runAxe(
  page: Page,
  runOnly: { type: 'rule' | 'tag'; values: string[] },
  include: string,
  rules: object = {},
): Promise<string[]> {
  // Once per document: a page checked several times (states of one page) keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ only, within, named }) => {
      const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } };
      return (await axe.run({ include: [within] }, { runOnly: only, rules: named })).violations;
    },
    { only: runOnly, within: include, named: rules },
  );
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

/**
 * The given axe-core rules that the page, as it is now, breaks inside `within` (a CSS selector;
 * the page's main content unless told), one entry per element: `'color-contrast: .not-found__code'`.
 */
export async function axeViolations(page: Page, rules: string[], within = 'main'): Promise<string[]> {
  return runAxe(page, { type: 'rule', values: rules }, within);
}

/** Every WCAG 2.1 A and AA rule of axe-core (and the two above) the whole page, as it is now, breaks, one entry per element. */
export async function wcagViolations(page: Page, within = 'body'): Promise<string[]> {
  return runAxe(page, { type: 'tag', values: WCAG21_AA }, within, NAMED_RULES);
}
