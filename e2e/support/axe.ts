import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

// axe-core's browser build (a dev dependency) is run in the page under test. Evaluated through
// the debugging protocol rather than added as an inline <script>, which the pages' CSP refuses.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The given axe-core rules that the page, as it is now, breaks inside `within` (a CSS selector;
 * the page's main content unless told), one entry per element: `'color-contrast: .not-found__code'`.
 */
export async function axeViolations(page: Page, rules: string[], within = 'main'): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ values, include }) => {
      const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } };
      return (await axe.run({ include: [include] }, { runOnly: { type: 'rule', values } })).violations;
    },
    { values: rules, include: within },
  );
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
