import { type Page, expect } from '@playwright/test';

/**
 * Opens the ticket's day on the check-in page and ticks its session, as a controller would. The
 * door's API names them: a scan with no session chosen admits nothing and answers the ticket's
 * day, time and event with the verdict 'wrong-session'.
 */
export async function chooseSessionOf(page: Page, code: string, deviceId: string) {
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const probe = await page.request.post('/api/checkin/scan', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { code, deviceId },
  });
  const answer = (await probe.json()) as { verdict: string; ticket: { date: string; time: string; event: string } };
  expect(answer.verdict).toBe('wrong-session');
  await page.getByLabel('День').fill(answer.ticket.date);
  await page.getByRole('checkbox', { name: `${answer.ticket.time} · ${answer.ticket.event}` }).check();
  return answer.ticket;
}
