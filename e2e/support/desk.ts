import { type Page, expect } from '@playwright/test';

/**
 * At the desk, finds an event's sessions by `search` and chooses the first whose button matches
 * `name`, from the list the search answered: while it is asked for, the last list stays on screen,
 * marked busy (web/admin/features/box-office/session-list.tsx), and a click on it could land on a
 * button the answer then replaces.
 */
export async function chooseDeskSession(page: Page, search: string, name: RegExp): Promise<void> {
  await page.getByLabel('Найти событие').fill(search);
  await expect(page.getByRole('region', { name: 'Сеансы' }).locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('button', { name }).first().click();
}
