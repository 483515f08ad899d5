import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core comes with Lighthouse (a dev dependency); its browser build is injected into the page.
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = { id: string; nodes: { target: string[] }[] };

/**
 * Runs axe on the page (WCAG 2.x A and AA rules) and answers the ids of the violated rules with
 * the elements that violate them, e.g. `['color-contrast: .not-found__code']`; `rules` limits the
 * run to those rules.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const options = only ? { runOnly: { type: 'rule', values: only } } : { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };
    return (await axe.run(document, options)).violations;
  }, rules);
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
