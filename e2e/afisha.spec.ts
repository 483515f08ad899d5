import { CLOCK, type Page, demoDay as moscowDay, expect, test, testNow } from './support/test.ts';

// The listing on '/' against the demo catalog. Demo dates count from the Moscow day of the demo's
// instant (demo/catalog.ts, e2e/support/test.ts), so days here are computed the same way.
const dotted = (day: string) => day.split('-').reverse().join('.');
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const cards = (page: Page) => page.getByRole('main').getByRole('article');
// A card's title is an h2 under the page's h1, an h3 under a sub-menu heading (h2).
const titles = (page: Page) => cards(page).getByRole('heading');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Поиск по названию' });
const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Метки' }).getByRole('button', { name, exact: true });
const inStock = (page: Page) => page.getByRole('checkbox', { name: 'Только в наличии' });
const kind = (page: Page, name: string) => page.getByRole('navigation', { name: 'Виды билетов' }).getByRole('button', { name });
const menu = (page: Page, name: string) => page.getByRole('region', { name: 'Разделы' }).getByRole('button', { name });

async function openListing(page: Page, url = '/') {
  await page.goto(url);
  await expect(titles(page).first()).toBeVisible();
}

/** Picks a day in the filter calendar, moving to its month first. */
async function pickFilterDay(page: Page, day: string) {
  const panel = page.getByRole('group', { name: 'Даты' });
  const button = panel.getByRole('button', { name: dayLabel(day), exact: true });
  // isVisible() does not wait: make sure the calendar is drawn (a day of it shows) before asking
  // which month it shows. The month buttons exist only when the dates span months.
  await expect(panel.getByRole('button', { name: / г\.$/ }).first()).toBeVisible();
  for (let i = 0; i < 3 && !(await button.isVisible()); i++) await panel.getByRole('button', { name: 'Следующий месяц' }).click();
  await button.click();
}

test.describe('afisha: the listing', () => {
  test('shows the museum kind with its menus, cards and every sales state', CLOCK, async ({ page }) => {
    await openListing(page);
    await expect(kind(page, 'Билеты в музей')).toHaveAttribute('aria-pressed', 'true');
    await expect(kind(page, 'Концерты')).toBeVisible();
    await expect(menu(page, 'Все')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu(page, 'Выставки')).toBeVisible();

    const onSale = cards(page).filter({ hasText: 'Постоянная экспозиция' });
    await expect(onSale.getByRole('link', { name: 'Купить' })).toBeVisible();
    await expect(onSale.getByText('0+')).toBeVisible();
    await expect(onSale.getByRole('link', { name: /Москва, ул\. Пречистенка, 12/ })).toHaveAttribute('href', /yandex\.ru\/maps/);

    const notYet = cards(page).filter({ hasText: 'Сокровища Востока' });
    await expect(notYet.getByRole('button', { name: /^Продажи начнутся \d+ [а-я]+ \d{4} г\. в 10:00$/ })).toBeDisabled();
    const soldOut = cards(page).filter({ hasText: 'Ночь в музее' });
    await expect(soldOut.getByRole('button', { name: 'Билеты проданы' })).toBeDisabled();

    const pushkin = cards(page).filter({ hasText: 'Русский авангард' });
    await expect(pushkin.getByText('Пушкинская карта', { exact: true }).first()).toBeVisible();
  });

  test("shows a concert announced without dates as 'soon on sale', and the venue's info links", CLOCK, async ({ page }) => {
    await openListing(page, '/?id=2');
    await expect(cards(page).filter({ hasText: 'Звёзды джаза' }).getByRole('button', { name: 'Скоро в продаже' })).toBeDisabled();
    const info = cards(page).filter({ hasText: 'Чайковский' }).getByRole('link', { name: 'Подробнее о мероприятии' });
    await expect(info).toHaveAttribute('href', 'https://harmony-hall.example/ru/concerts/tchaikovsky-symphony-night');
    await expect(info).toHaveAttribute('target', '_blank');
    // An event with no page of its own at the venue has no link.
    await expect(cards(page).filter({ hasText: 'Рахманинов' }).getByRole('link', { name: 'Подробнее о мероприятии' })).toHaveCount(0);
  });

  test('opens and closes a long description', async ({ page }) => {
    await openListing(page);
    const card = cards(page).filter({ hasText: 'Постоянная экспозиция' });
    const more = card.getByRole('button', { name: 'Читать полностью', exact: true });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(card.getByRole('button', { name: 'Свернуть', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await card.getByRole('button', { name: 'Свернуть', exact: true }).click();
    await expect(more).toBeVisible();
  });

  test('shows descriptions sanitized: the demo script never runs and never reaches the page', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await openListing(page);
    const card = cards(page).filter({ hasText: 'Ночь в музее' });
    await expect(card.getByText('Залы при свечах')).toBeVisible();
    await expect(card.locator('script')).toHaveCount(0);
    const museum = cards(page).filter({ hasText: 'Постоянная экспозиция' });
    await expect(museum.getByRole('link', { name: 'сайте музея' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(dialogs).toBe(0);
  });

  test('filters by text, debounced, and shows the empty result with its reset link', async ({ page }) => {
    await openListing(page);
    await search(page).fill('ночь');
    await expect(titles(page)).toHaveText(['Ночь в музее']);
    await search(page).fill('нет такого события');
    await expect(page.getByText('Билеты не найдены')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Сбросить фильтры' }).first().click();
    await expect(search(page)).toHaveValue('');
    await expect(titles(page)).toHaveCount(6);
  });

  test('filters by a date range from the calendar', CLOCK, async ({ page }) => {
    await openListing(page);
    await page.getByRole('button', { name: /^Даты: / }).click();
    const panel = page.getByRole('group', { name: 'Даты' });
    const day15 = panel.getByRole('button', { name: dayLabel(moscowDay(15)), exact: true });
    await expect(panel.getByRole('button', { name: / г\.$/ }).first()).toBeVisible();
    if (!(await day15.isVisible())) await panel.getByRole('button', { name: 'Следующий месяц' }).click();
    // Only days with events can be picked: nothing of the museum happens on day 15.
    await expect(day15).toBeDisabled();
    await pickFilterDay(page, moscowDay(16));
    await pickFilterDay(page, moscowDay(18));
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(panel).toBeHidden();
    // Days 16–18: the lecture (17), the mansion tour (16) and the vault tour (18).
    await expect(titles(page)).toHaveText([/Русский авангард/, /Тайны старого особняка/, /фондохранилище/]);
    await expect(page.getByRole('button', { name: /^Даты: / })).toHaveAccessibleName(/^Даты: \d+ [а-я]+\.? – \d+ [а-я]+\.?$/);
  });

  test('filters by a tag, which also limits the sub-menu to menus with such events', async ({ page }) => {
    await openListing(page);
    await chip(page, 'Пушкинская карта').click();
    await expect(chip(page, 'Пушкинская карта')).toHaveAttribute('aria-pressed', 'true');
    await expect(titles(page)).toHaveText([/Русский авангард/, /Тайны старого особняка/]);
    await expect(menu(page, 'Экскурсии и лекции')).toBeVisible();
    await expect(menu(page, 'Выставки')).toHaveCount(0);
  });

  test('shows only events in stock when asked', CLOCK, async ({ page }) => {
    await openListing(page);
    await expect(titles(page).filter({ hasText: 'Ночь в музее' })).toHaveCount(1);
    await inStock(page).check();
    await expect(titles(page).filter({ hasText: 'Ночь в музее' })).toHaveCount(0);
    await expect(titles(page).filter({ hasText: 'Сокровища Востока' })).toHaveCount(0);
    await expect(titles(page).filter({ hasText: 'Постоянная экспозиция' })).toHaveCount(1);
  });

  test('combines text, dates, tag and in-stock filters', CLOCK, async ({ page }) => {
    await openListing(page);
    await chip(page, 'Экскурсия').click();
    await expect(titles(page)).toHaveText([/Обзорная экскурсия/, /фондохранилище/]);
    await inStock(page).check();
    await page.getByRole('button', { name: /^Даты: / }).click();
    await pickFilterDay(page, moscowDay(11));
    await pickFilterDay(page, moscowDay(18));
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(titles(page)).toHaveText([/фондохранилище/]);
    await search(page).fill('обзорная');
    await expect(page.getByText('Билеты не найдены')).toBeVisible();
    await search(page).fill('фонд');
    await expect(titles(page)).toHaveText([/фондохранилище/]);
  });

  test("pages with 'Load next N of M' and moves focus to the first new card", CLOCK, async ({ page }) => {
    await openListing(page);
    await expect(titles(page)).toHaveCount(6);
    await page.getByRole('button', { name: 'Показать ещё 2', exact: true }).click();
    await expect(titles(page)).toHaveCount(8);
    await expect(page.getByRole('button', { name: /Показать ещё/ })).toHaveCount(0);
    await expect(cards(page).nth(6)).toBeFocused();
  });

  test('changing the top menu resets the filters', async ({ page }) => {
    await openListing(page);
    await search(page).fill('экскурсия');
    await inStock(page).check();
    await expect(titles(page)).not.toHaveCount(6);
    await kind(page, 'Концерты').click();
    await expect(kind(page, 'Концерты')).toHaveAttribute('aria-pressed', 'true');
    await expect(search(page)).toHaveValue('');
    await expect(inStock(page)).not.toBeChecked();
    await expect(page).toHaveURL(/[?&]id=2(&|$)/);
    await expect(titles(page).filter({ hasText: 'Чайковский' })).toHaveCount(1);
    // Seated concerts link to the scheme page.
    await expect(cards(page).filter({ hasText: 'Чайковский' }).getByRole('link', { name: 'Купить' })).toHaveAttribute(
      'href',
      '/scheme/tchaikovsky-symphony-night',
    );
  });
});

test.describe('afisha: storage, URL and language', () => {
  test('keeps the filters over a reload', async ({ page }) => {
    await openListing(page);
    await chip(page, 'Экскурсия').click();
    await inStock(page).check();
    await search(page).fill('фонд');
    await expect(titles(page)).toHaveText([/фондохранилище/]);
    await page.reload();
    await expect(search(page)).toHaveValue('фонд');
    await expect(chip(page, 'Экскурсия')).toHaveAttribute('aria-pressed', 'true');
    await expect(inStock(page)).toBeChecked();
    await expect(titles(page)).toHaveText([/фондохранилище/]);
  });

  test('drops the stored filters once the storage lifetime has passed', CLOCK, async ({ page }) => {
    const LIFETIME = 86_400_000; // setup lifetime_storage
    const start = testNow();
    await page.clock.install({ time: start });
    await openListing(page);
    await search(page).fill('ночь');
    await expect(titles(page)).toHaveText(['Ночь в музее']);
    // Ten seconds before the lifetime ends the filters are still there (and saved again).
    await page.clock.setSystemTime(start + LIFETIME - 10_000);
    await page.reload();
    await expect(search(page)).toHaveValue('ночь');
    await expect(titles(page)).toHaveText(['Ночь в музее']);
    // Ten seconds after the lifetime of that last save, they are gone.
    await page.clock.setSystemTime(start + 2 * LIFETIME);
    await page.reload();
    await expect(titles(page).first()).toBeVisible();
    await expect(search(page)).toHaveValue('');
    await expect(titles(page)).toHaveCount(6);
  });

  test('follows id, sid and reset=1 from the URL', async ({ page }) => {
    await openListing(page, '/?id=1&sid=12');
    await expect(menu(page, 'Экскурсии и лекции')).toHaveAttribute('aria-pressed', 'true');
    // Within a menu, events are grouped under their sub-menus.
    await expect(page.getByRole('heading', { level: 2, name: 'Групповые экскурсии' })).toBeVisible();
    await expect(titles(page).filter({ hasText: 'Сад скульптур' })).toHaveCount(0);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveCount(await titles(page).count());

    await openListing(page, '/?id=3');
    await expect(kind(page, 'Абонементы')).toHaveAttribute('aria-pressed', 'true');
    await expect(titles(page)).toHaveText([/Вечера классической музыки/]);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([/Вечера классической музыки/]);
    // This kind has no date filter (showfiltercalendar off).
    await expect(page.getByRole('button', { name: /^Даты: / })).toHaveCount(0);

    await openListing(page, '/?id=1');
    await search(page).fill('ночь');
    await expect(titles(page)).toHaveText(['Ночь в музее']);
    await openListing(page, '/?id=1&reset=1');
    await expect(search(page)).toHaveValue('');
    await expect(page).not.toHaveURL(/reset=/);
    await expect(titles(page)).toHaveCount(6);
  });

  test('a sid alone opens its menu in its own kind, and wins over an id of another kind', async ({ page }) => {
    // A fresh visitor: nothing stored points at the concerts.
    await openListing(page, '/?sid=21');
    await expect(kind(page, 'Концерты')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu(page, 'Классическая музыка')).toHaveAttribute('aria-pressed', 'true');
    // The URL now names the kind too.
    await expect(page).toHaveURL((url) => url.searchParams.get('id') === '2' && url.searchParams.get('sid') === '21');

    await openListing(page, '/?id=1&sid=22');
    await expect(kind(page, 'Концерты')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu(page, 'Эстрада и шоу')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL((url) => url.searchParams.get('id') === '2' && url.searchParams.get('sid') === '22');
  });

  test('switches the language and keeps the place in the listing', async ({ page }) => {
    await openListing(page, '/?id=1&sid=11');
    await page.getByRole('button', { name: 'RU, язык сайта: Русский' }).click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/lang=en/);
    await expect(page).toHaveURL(/sid=11/);
    await expect(page.getByRole('navigation', { name: 'Ticket types' }).getByRole('button', { name: 'Museum tickets' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Sections' }).getByRole('button', { name: 'Exhibitions' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const card = page.getByRole('article').filter({ hasText: 'The City Through the Centuries' });
    await expect(card.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/event/city-through-centuries?lang=en');
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: 'Treasures of the East' })
        .getByRole('button', { name: /^Sales begin / }),
    ).toBeDisabled();
  });
});

test.describe('afisha: to the event', () => {
  test('opens the event page from a card', async ({ page }) => {
    await openListing(page);
    await cards(page).filter({ hasText: 'Постоянная экспозиция' }).getByRole('link', { name: 'Купить' }).click();
    await expect(page).toHaveURL(/\/event\/city-through-centuries$/);
    // The event page itself, not a placeholder: its title and the date choice.
    await expect(page.getByRole('heading', { level: 1, name: /Город сквозь века/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Выберите дату' })).toBeVisible();
  });

  test('opens the event page at its top from a card far down the listing', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await openListing(page);
    const buy = cards(page).getByRole('link', { name: 'Купить' }).last();
    // Once opened, the event page's code and answer are cached: the second time it renders in
    // full at once, long enough to keep a scroll position the listing left behind.
    await buy.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await buy.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await buy.click();
    await expect(page).toHaveURL(/\/event\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('opens a date from the mini calendar', CLOCK, async ({ page }) => {
    await openListing(page);
    const card = cards(page).filter({ hasText: 'Русский авангард' });
    await card.getByRole('button', { name: /^Даты «Лекция «Русский авангард/ }).click();
    const day = moscowDay(10);
    const calendar = card.getByRole('group', { name: /^Даты «Лекция/ });
    const link = calendar.getByRole('link', { name: dayLabel(day), exact: true });
    // The calendar is drawn once its first date links; its month buttons exist only when the
    // dates run into another month, so the day ten days on may be in this month or the next.
    await expect(calendar.getByRole('link').first()).toBeVisible();
    if (!(await link.isVisible())) await calendar.getByRole('button', { name: 'Следующий месяц' }).click();
    // One session that day: the link carries its time too.
    await expect(link).toHaveAttribute('href', `/event/avant-garde-lecture/${dotted(day)}/18:30`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/event/avant-garde-lecture/${dotted(day).replaceAll('.', '\\.')}/18:30$`));
    // The event page opens on that session: its title, the time chosen and the prices to buy.
    await expect(page.getByRole('heading', { level: 1, name: /Русский авангард/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Выберите время' }).getByRole('button', { name: /18:30/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: /^Добавить билет: / }).first()).toBeVisible();
  });
});

test.describe('afisha: layout', () => {
  test('keeps the layout still while images arrive', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openListing(page);
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.1);
  });

  test('at 320 px the filter bar stays still when the first filter is set: its reset link is always there, disabled until then', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openListing(page);
    // On a phone the filters fold behind their button.
    await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Фильтры' });
    const reset = bar.getByRole('button', { name: 'Сбросить фильтры' });
    // Where the bar and each of its parts are, in page coordinates.
    const layout = () =>
      bar.evaluate((section) =>
        [section, ...section.querySelectorAll('input, button, label')].map((element) => {
          const box = element.getBoundingClientRect();
          return [element.tagName, box.x, box.y + window.scrollY, box.width, box.height].join(' ');
        }),
      );
    const color = () => reset.evaluate((element) => getComputedStyle(element).color);

    await expect(reset).toBeVisible();
    await expect(reset).toHaveAttribute('aria-disabled', 'true');
    const before = await layout();
    const mutedColor = await color();
    // Disabled, the link is not a stop of the Tab order.
    await inStock(page).focus();
    await page.keyboard.press('Tab');
    await expect(reset).not.toBeFocused();

    await inStock(page).focus();
    await page.keyboard.press('Space');
    await expect(inStock(page)).toBeChecked();
    await expect(reset).not.toHaveAttribute('aria-disabled');
    expect(await layout()).toEqual(before);
    expect(await color()).not.toBe(mutedColor);

    await page.keyboard.press('Tab');
    await expect(reset).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inStock(page)).not.toBeChecked();
    await expect(reset).toHaveAttribute('aria-disabled', 'true');
    await expect(reset).toBeFocused(); // the focus stays where the visitor was
    expect(await layout()).toEqual(before);
  });

  test('works at 320 px and with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openListing(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
    // 6 tag chips on a phone, the rest behind the toggle.
    await expect(page.getByRole('group', { name: 'Метки' }).getByRole('button')).toHaveCount(7);
    await page.getByRole('button', { name: /^Ещё \d+ метк/ }).click();
    await expect(page.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');

    // One slide per view at 320 px: the carousel steps one menu at a time.
    await expect(menu(page, 'Выставки')).not.toBeInViewport();
    await page.getByRole('button', { name: 'Следующие разделы' }).click();
    await expect(menu(page, 'Выставки')).toBeInViewport();
    await expect(menu(page, 'Все')).not.toBeInViewport();
    // A keyboard user reaches the next menu by Tab; the carousel follows the focus.
    await menu(page, 'Выставки').focus();
    await page.keyboard.press('Tab');
    await expect(menu(page, 'Экскурсии и лекции')).toBeFocused();
    await expect(menu(page, 'Экскурсии и лекции')).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(menu(page, 'Экскурсии и лекции')).toHaveAttribute('aria-pressed', 'true');

    await openListing(page, '/?id=1');
    await search(page).focus();
    await page.keyboard.type('ночь');
    await expect(titles(page)).toHaveText(['Ночь в музее']);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Фильтры', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await chip(page, 'Для детей').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Билеты не найдены')).toBeVisible();
  });
});
