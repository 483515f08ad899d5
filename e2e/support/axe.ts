import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

// axe-core's browser build (a dev dependency) is injected into the page under test.
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The given axe-core rules that the page, as it is now, breaks inside `within` (a CSS selector;
 * the page's main content unless told), one entry per element: `'color-contrast: .not-found__code'`.
 */
export async function axeViolations(page: Page, rules: string[], within = 'main'): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(
    async ({ values, include }) => {
      const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } };
      return (await axe.run({ include: [include] }, { runOnly: { type: 'rule', values } })).violations;
    },
    { values: rules, include: within },
  );
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
