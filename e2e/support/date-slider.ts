import { type Locator, type Page, expect } from '@playwright/test';

/**
 * The chosen date of a date slider is on screen: wholly between the slider's two arrows (the track
 * scrolls sideways and what lies beyond the arrows is hidden), and the page itself was not
 * scrolled down to show it.
 */
export async function expectDateShown(page: Page, date: Locator, slider: Locator, arrows: { prev: string; next: string }) {
  await expect(date).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    const [box, left, right] = await Promise.all([
      date.boundingBox(),
      slider.getByRole('button', { name: arrows.prev }).boundingBox(),
      slider.getByRole('button', { name: arrows.next }).boundingBox(),
    ]);
    if (!box || !left || !right) throw new Error('the slider is not on the page');
    expect(box.x).toBeGreaterThanOrEqual(left.x + left.width);
    expect(box.x + box.width).toBeLessThanOrEqual(right.x);
  }).toPass();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * The date buttons of a date slider. Each is named by what it shows ('пн 23 нояб.'), with digits;
 * its arrows' names have none.
 */
export function dateButtons(slider: Locator): Locator {
  return slider.getByRole('button', { name: /\d/ });
}

/**
 * How far a slider's track moved within the same task as a click on its arrow `next` (the
 * element after the track): a smooth scroll has not moved yet, an instant one has.
 */
export function scrolledAtOnce(next: Locator): Promise<number> {
  return next.evaluate((button: HTMLElement) => {
    const track = button.previousElementSibling as HTMLElement;
    const before = track.scrollLeft;
    button.click();
    return track.scrollLeft - before;
  });
}
