import { CLOCK, expect, test, venueToday } from './support/test.ts';
import { axeViolations } from './support/axe.ts';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';
import { mailsTo } from './support/mail.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test(
  'the owner finds a paid order by e-mail, refunds one ticket by hand with a reason and sees the refund on the order page',
  CLOCK,
  async ({ page, request }) => {
    test.setTimeout(90_000);
    // An e-mail of this run only, so the search finds exactly this order.
    const email = `desk.${Date.now()}.${test.info().workerIndex}@example.com`;
    const hash = await createDemoOrder(request, { quantity: 2, email });
    await payDemoOrder(request, hash);
    const soldOn = venueToday();

    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Заказы' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    // Before any search the page lists the newest orders.
    await expect(page.getByRole('table', { name: 'Последние заказы' }).getByRole('row').nth(1)).toBeVisible();

    await page.getByLabel('Поиск заказа').fill(email);
    await page.getByLabel('Поиск заказа').press('Enter');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2); // the header and this order
    await expect(rows.nth(1)).toContainText(email);
    await expect(rows.nth(1)).toContainText('Оплачен');
    const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'landmark-unique', 'th-has-data-cells'];
    expect(await axeViolations(page, rules, 'body')).toEqual([]);
    await rows.nth(1).getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
    const refunds = page.getByRole('region', { name: 'Возвраты' });
    await expect(refunds).toContainText('Нет.');
    const tickets = page.getByRole('checkbox', { name: /^Вернуть билет/ });
    await expect(tickets).toHaveCount(2);
    await tickets.first().check();
    await page.getByRole('button', { name: 'Вернуть выбранные (1)' }).click();

    const dialog = page.getByRole('dialog', { name: 'Возврат выбранных билетов: 1' });
    // The confirmation says how much goes back, and for which ticket, before anything is done.
    const quoted = dialog.getByText(/^К возврату: /);
    await expect(quoted).toBeVisible();
    const full = (await quoted.textContent()) ?? '';
    await expect(dialog.getByRole('list', { name: 'Что будет возвращено' }).getByRole('listitem')).toHaveCount(1);
    await dialog.getByLabel('Задать долю возврата вручную').check();
    await dialog.getByLabel('Доля возврата, %').fill('50');
    await expect(quoted).not.toHaveText(full);
    await expect(dialog.getByRole('list', { name: 'Что будет возвращено' })).toContainText('(50 %)');
    // No reason: the server refuses, and says so on the field; nothing is refunded.
    await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
    await expect(dialog.getByText('Укажите причину.')).toBeVisible();
    await expect(dialog.getByLabel('Причина')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page, rules, 'dialog')).toEqual([]);

    await dialog.getByLabel('Причина').fill('Зритель заболел, по согласованию с администратором');
    await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Возврат оформлен' })).toBeVisible();
    await expect(refunds).toContainText('доля 50 % задана вручную');
    await expect(refunds).toContainText('Зритель заболел, по согласованию с администратором');
    await expect(page.getByRole('checkbox', { name: /^Вернуть билет/ })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Билеты' })).toContainText('Возвращён');

    // A reload shows the same refund: it was stored, not only drawn.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Возвраты' })).toContainText('доля 50 % задана вручную');

    // From 320 px wide nothing is wider than the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The refund is in this month's sales report, netted, and both CSV variants download.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Отчёты' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Отчёты о продажах' })).toBeVisible();
    // The period is this month up to the venue's today (Moscow), whatever the browser's zone says.
    const before = venueToday();
    const shownTo = await page.getByLabel('По', { exact: true }).inputValue();
    expect([before, venueToday()]).toContain(shownTo);
    await expect(page.getByLabel('С', { exact: true })).toHaveValue(`${shownTo.slice(0, 7)}-01`);
    // Past the venue's midnight on a month's last day, the sale is in the month before: ask from its day.
    if (shownTo.slice(0, 7) !== soldOn.slice(0, 7)) {
      await page.getByLabel('С', { exact: true }).fill(soldOn);
      await page.getByRole('button', { name: 'Показать' }).click();
    }
    const sales = page.getByRole('region', { name: 'Продажи' });
    const totals = sales.locator('tfoot tr');
    await expect(totals).toBeVisible();
    const returned = Number(await totals.locator('td[data-label="Возвращено билетов"]').textContent());
    expect(returned).toBeGreaterThanOrEqual(1);
    // The daily chart: an image named by the period with its summary, and its figures as a table.
    const chart = page.getByRole('img', { name: /^Продажи по дням с .+ за вычетом возвратов Дней: \d+; итого за вычетом возвратов / });
    await expect(chart).toBeVisible();
    // uPlot draws on a canvas: at least one bar's pixels are in the chart's colours.
    const canvas = chart.locator('canvas');
    await expect(canvas).toHaveCount(1);
    const barPixels = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const { data } = element.getContext('2d')?.getImageData(0, 0, element.width, element.height) ?? { data: [] };
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          const rgb = `${data[i]},${data[i + 1]},${data[i + 2]}`;
          if (rgb === '36,70,199' || rgb === '180,35,24') count += 1;
        }
        return count;
      });
    await expect.poll(barPixels).toBeGreaterThan(0);
    const wideWidth = (await canvas.boundingBox())?.width ?? 0;
    await page.getByText('Данные графика таблицей').click();
    const chartTable = page.getByRole('table', { name: /^Продажи по дням с / });
    await expect(chartTable.getByRole('rowheader').first()).toBeVisible();
    expect(await axeViolations(page, rules, 'body')).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(chart).toBeVisible();
    // The canvas follows its box: narrower than at desktop width, and still drawn.
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeLessThan(Math.min(wideWidth, 320));
    await expect.poll(barPixels).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const name of [
      'Продажи в CSV: CSV (запятая)',
      'Продажи в CSV: CSV для Excel (точка с запятой)',
      'Заполняемость в CSV: CSV (запятая)',
    ]) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      const csv = await page.request.get(href ?? '');
      expect(csv.status(), name).toBe(200);
      expect((await csv.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    }

    // Occupancy covers the sessions of the period: the demo's sessions are ahead, so look ahead.
    const today = venueToday();
    await page.getByLabel('С', { exact: true }).fill(today);
    await page
      .getByLabel('По', { exact: true })
      .fill(new Date(Date.parse(`${today}T00:00:00Z`) + 300 * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page.getByRole('region', { name: 'Заполняемость' }).getByRole('table')).toBeVisible();

    // A period that ends before it starts is refused on the field.
    await page.getByLabel('С', { exact: true }).fill('2026-02-10');
    await page.getByLabel('По', { exact: true }).fill('2026-02-01');
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page.getByText('Период — от одного дня до года, начало не позже конца.')).toBeVisible();
    await expect(page.getByLabel('По', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  },
);

test(
  "the owner cancels an unpaid order, resends a paid order's tickets and adds a note; each action is in the audit log",
  CLOCK,
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const stamp = `${Date.now()}.${test.info().workerIndex}`;
    const unpaidEmail = `desk.unpaid.${stamp}@example.com`;
    const paidEmail = `desk.paid.${stamp}@example.com`;
    await createDemoOrder(request, { quantity: 1, email: unpaidEmail });
    await payDemoOrder(request, await createDemoOrder(request, { quantity: 1, email: paidEmail }));
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    const menu = page.getByRole('navigation', { name: 'Меню' });

    /** Opens the only order the search finds by its e-mail and answers its id. */
    async function openOrder(email: string): Promise<string> {
      await menu.getByRole('link', { name: 'Заказы' }).click();
      await page.getByLabel('Поиск заказа').fill(email);
      await page.getByLabel('Поиск заказа').press('Enter');
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
      await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
      return /\/admin\/orders\/(\d+)/.exec(page.url())?.[1] ?? '';
    }

    /** The audit browser filtered by an action's name and the order's id: the one entry, by this owner, named, with its code in the details. */
    async function auditEntry(name: string, action: string, orderId: string) {
      await menu.getByRole('link', { name: 'Журнал действий' }).click();
      await page.getByLabel('Действие').selectOption({ label: name });
      await page.getByLabel('Номер объекта').fill(orderId);
      await page.getByRole('button', { name: 'Показать' }).click();
      await expect(page.getByText('Найдена 1 запись')).toBeVisible();
      const entry = page.getByRole('listitem').filter({ hasText: action });
      await expect(entry.getByText(name, { exact: true })).toBeVisible();
      await expect(entry).toContainText(`order #${orderId}`);
      await expect(entry).toContainText(E2E_OWNER.name);
      return entry;
    }

    // Cancel: a reason is required, said on the field; then the order is cancelled.
    const unpaidId = await openOrder(unpaidEmail);
    const cancel = page.getByRole('region', { name: 'Отмена заказа' });
    await cancel.getByRole('button', { name: 'Отменить заказ' }).click();
    await expect(cancel.getByText('Укажите причину.')).toBeVisible();
    await expect(cancel.getByLabel('Причина отмены')).toHaveAttribute('aria-invalid', 'true');
    await cancel.getByLabel('Причина отмены').fill('Покупатель попросил по телефону');
    await cancel.getByRole('button', { name: 'Отменить заказ' }).click();
    await expect(page.getByText(/— отменён сотрудником: Покупатель попросил по телефону$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Отмена заказа' })).toHaveCount(0);
    const cancelled = await auditEntry('Заказ отменён', 'order.cancel', unpaidId);
    await expect(cancelled).toContainText('Покупатель попросил по телефону');

    // Resend the tickets of the paid order: the e-mail goes to the buyer again.
    const paidId = await openOrder(paidEmail);
    const mails = page.getByRole('region', { name: 'Письма' });
    const before = await mails.getByRole('listitem').count();
    await mails.getByRole('button', { name: 'Отправить билеты ещё раз' }).click();
    await expect(mails.getByRole('status')).toHaveText(`Билеты отправлены на ${paidEmail}.`);
    await expect(mails.getByRole('listitem')).toHaveCount(before + 1);
    // The catcher receives it: the payment's e-mail and this one, both to the buyer.
    await expect.poll(async () => (await mailsTo(paidEmail)).length, { timeout: 30_000, intervals: [250, 500, 1000] }).toBe(2);

    // A note: an empty one is refused on the field; a real one is listed with its author.
    const notes = page.getByRole('region', { name: 'Заметки' });
    await notes.getByRole('button', { name: 'Добавить заметку' }).click();
    await expect(notes.getByText('Введите текст заметки.')).toBeVisible();
    await notes.getByLabel('Новая заметка').fill('Просит счёт для бухгалтерии');
    // A note typed and not added is not lost silently: leaving asks first, and staying keeps it.
    await menu.getByRole('link', { name: 'Журнал действий' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Несохранённые изменения' });
    await expect(unsaved.getByRole('button', { name: 'Остаться и сохранить' })).toBeFocused();
    await unsaved.getByRole('button', { name: 'Остаться и сохранить' }).click();
    await expect(unsaved).toBeHidden();
    await expect(notes.getByLabel('Новая заметка')).toHaveValue('Просит счёт для бухгалтерии');
    await notes.getByRole('button', { name: 'Добавить заметку' }).click();
    await expect(notes.getByRole('listitem').filter({ hasText: 'Просит счёт для бухгалтерии' })).toContainText(E2E_OWNER.name);

    await auditEntry('Билеты отправлены повторно', 'order.resend-tickets', paidId);
    const noted = await auditEntry('Заметка к заказу', 'order.note', paidId);
    await expect(noted).toContainText('Просит счёт для бухгалтерии');
    // The entry reads as one sentence by the order's number, and links to the order's page.
    const paidNumber = await noted.getByRole('link').textContent();
    expect(paidNumber).toMatch(/^Заказ № \d+$/);
    const number = paidNumber?.replace('Заказ № ', '') ?? '';
    await expect(
      noted.getByText(`${E2E_OWNER.name} добавил(а) заметку к заказу № ${number}: «Просит счёт для бухгалтерии».`, { exact: true }),
    ).toBeVisible();
    // The raw record stays behind «Подробнее» for support.
    await expect(noted.getByRole('cell', { name: 'Просит счёт для бухгалтерии' })).toBeHidden();
    await noted.getByText('Подробнее').click();
    await expect(noted.getByRole('cell', { name: 'Просит счёт для бухгалтерии' })).toBeVisible();
    await noted.getByRole('link', { name: `Заказ № ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${paidId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${number}` })).toBeVisible();
  },
);
