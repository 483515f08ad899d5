import { type Page, expect } from '@playwright/test';

/**
 * At the desk, searches the sessions for `search` and waits for the list the search answered:
 * while it is asked for, the last list stays on screen, marked busy
 * (web/admin/features/box-office/session-list.tsx), and a click on it could land on a button the
 * answer then replaces.
 */
export async function findDeskSessions(page: Page, search: string): Promise<void> {
  await page.getByLabel('Найти событие').fill(search);
  await expect(page.getByRole('region', { name: 'Сеансы' }).locator('[aria-busy="true"]')).toHaveCount(0);
}

/** At the desk, finds the sessions for `search` and chooses the first whose button matches `name`. */
export async function chooseDeskSession(page: Page, search: string, name: RegExp): Promise<void> {
  await findDeskSessions(page, search);
  await page.getByRole('button', { name }).first().click();
}
