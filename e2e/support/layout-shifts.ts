import type { Page } from '@playwright/test';

// Layout shifts as CLS counts them (entries without recent input), recorded in the page.

type Shift = { value: number; sources: string[] };

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/** Records every layout shift from the very first paint (installed before any page script runs). */
export function observeLayoutShifts() {
  window.__layoutShifts = [];
  const describe = (node: Node | null) => {
    if (!node) return '?';
    if (node instanceof Element)
      return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
    return `#text "${(node.textContent ?? '').slice(0, 30)}"`;
  };
  type LayoutShiftEntry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      window.__layoutShifts?.push({
        value: entry.value,
        sources: (entry.sources ?? []).map(
          (s) =>
            `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}, h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Waits until what arrives late has been laid out: the fonts loaded, every image loaded and decoded
 * (or failed; a lazy one only once it has started, since one far below never loads), and two more
 * frames painted after that, then a task, so the observer has reported the shifts of those frames.
 * A state to wait for, not a fixed pause.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => image.loading !== 'lazy' || image.complete)
        .map((image) => image.decode().catch(() => undefined)),
    );
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
  });
}

/** The shifts recorded so far (observeLayoutShifts must run first): their sum and a readable list. */
export async function recordedShifts(page: Page): Promise<{ total: number; detail: string }> {
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  return {
    total: shifts.reduce((sum, s) => sum + s.value, 0),
    detail: shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n'),
  };
}

/** Forgets the shifts recorded so far: what follows is measured alone (the page's load is layout-shift.spec.ts's). */
export async function forgetShifts(page: Page) {
  await page.evaluate(() => {
    window.__layoutShifts = [];
  });
}
