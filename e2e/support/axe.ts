import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The axe-core rules given that the page, as it is now, breaks inside `within` (a CSS selector;
 * the page's main content unless told): each rule's id and its elements.
 */
export async function axeViolations(page: Page, rules: string[], within = 'main'): Promise<{ id: string; targets: string[] }[]> {
  await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(
    async ({ values, include }) => {
      const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } };
      const results = await axe.run({ include: [include] }, { runOnly: { type: 'rule', values } });
      return results.violations;
    },
    { values: rules, include: within },
  );
  return violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
