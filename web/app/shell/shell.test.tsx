// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { setupFixture } from '../../test/fixtures.ts';
import { DROPDOWN_CLOSE_DELAY_MS } from './use-dropdown.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Shell', () => {
  it('renders the header, footer and language switcher from the setup', async () => {
    await renderApp('/contacts', setupFixture());

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Билеты — на главную' }).getAttribute('href')).toBe('/');
    expect(within(header).getByRole('button', { name: 'Правила' })).toBeTruthy();
    const switcher = within(header).getByRole('button', { name: 'RU, язык сайта: Русский' });
    fireEvent.click(switcher);
    expect(switcher.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(switcher.getAttribute('aria-controls') ?? '') as HTMLElement;
    const languages = within(menu).getAllByRole('link');
    expect(languages.map((link) => link.textContent)).toEqual(['Русский', 'English', 'Қазақша', '中文']);
    expect(within(menu).getByRole('link', { current: true }).textContent).toBe('Русский');
    expect(within(menu).getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/contacts?lang=en');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`© 2017–${new Date().getFullYear()}`)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Контакты' }).getAttribute('href')).toBe('/contacts');
    expect(within(footer).getByRole('link', { name: 'Пользовательское соглашение' }).getAttribute('href')).toBe('/rules/purchase-terms');
    expect(within(footer).getByRole('img', { name: 'Логотип' }).getAttribute('width')).toBe('50');

    expect(await screen.findByRole('heading', { level: 1, name: 'Контакты' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Назад к выбору билетов' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Билеты — Контакты'));
  });

  it('offers only the languages of setup.db.languages, and none with a single language', async () => {
    await renderApp(
      '/',
      setupFixture((s) => void (s.db.languages = 'ru,en')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'RU, язык сайта: Русский' }));
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/?lang=en');
    expect(screen.queryByRole('link', { name: 'Қазақша' })).toBeNull();
    cleanup();

    await renderApp(
      '/',
      setupFixture((s) => void (s.db.languages = 'ru')),
    );
    expect(screen.queryByRole('button', { name: /язык сайта/ })).toBeNull();
  });

  it.each([
    {
      description: 'header: 0 hides the header',
      change: (s: ReturnType<typeof setupFixture>) => void (s.app.header = 0),
      header: false,
      footer: true,
    },
    {
      description: 'footer: 0 hides the footer',
      change: (s: ReturnType<typeof setupFixture>) => void (s.app.footer = 0),
      header: true,
      footer: false,
    },
    {
      description: 'is_integration: 1 hides both',
      change: (s: ReturnType<typeof setupFixture>) => void (s.is_integration = 1),
      header: false,
      footer: false,
    },
  ])('$description', async ({ change, header, footer }) => {
    await renderApp('/', setupFixture(change));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner') !== null).toBe(header);
    expect(screen.queryByRole('contentinfo') !== null).toBe(footer);
  });

  it('shows the banner in the current language and the venue text instead of the footer logo', async () => {
    await renderApp(
      '/?lang=en',
      setupFixture((s) => {
        s.app.banner = { ru: 'Музей закрыт в понедельник', en: 'The museum is closed on Monday' };
        s.app.footer_db_info = 1;
        s.db.info_client = { ru: 'Касса: +7 000', en: 'Box office: +7 000' };
      }),
    );
    expect(within(screen.getByRole('region', { name: 'Announcement' })).getByText('The museum is closed on Monday')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Box office: +7 000')).toBeTruthy();
    expect(within(footer).queryByRole('img')).toBeNull();
  });

  it('themes the header background from the setup', async () => {
    const { container } = await renderApp(
      '/',
      setupFixture((s) => void (s.app.header_background = '#8a1538')),
    );
    expect((container.querySelector('.shell') as HTMLElement).style.getPropertyValue('--header-bg')).toBe('#8a1538');
  });

  it('shows the first letter of the CRM client e-mail on the account link', async () => {
    await renderApp(
      '/',
      setupFixture((s) => {
        s.app.url_lk = 'https://lk.example/';
        s.crm_client = {
          data: {
            id: 1,
            typeId: 1,
            typeName: '',
            cardCode: '',
            first_name: '',
            last_name: '',
            middle_name: '',
            phone: '',
            email: 'anna@example.com',
          },
          subscriptions: [],
        };
      }),
    );
    const account = screen.getByRole('link', { name: 'Личный кабинет: anna@example.com' });
    expect(account.getAttribute('href')).toBe('https://lk.example/');
    expect(within(account).getByText('A')).toBeTruthy();
  });

  it('closes the rules dropdown 500 ms after the pointer leaves, unless it comes back', async () => {
    await renderApp('/', setupFixture());
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Правила' });
    fireEvent.click(button);
    expect(screen.getByRole('link', { name: 'Правила покупки билетов' }).getAttribute('href')).toBe('/rules/purchase-terms');
    const dropdown = button.parentElement as HTMLElement;

    fireEvent.mouseLeave(dropdown);
    act(() => vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS - 100));
    fireEvent.mouseEnter(dropdown);
    act(() => vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS));
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.mouseLeave(dropdown);
    act(() => vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Правила покупки билетов' })).toBeNull();
  });

  it('closes a dropdown with Escape and puts focus back on its button', async () => {
    await renderApp('/', setupFixture());
    const button = screen.getByRole('button', { name: 'Правила' });
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Политика конфиденциальности' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('switches to English through the language links: URL, texts, logo and <html lang>', async () => {
    await renderApp('/contacts', setupFixture());
    fireEvent.click(screen.getByRole('button', { name: 'RU, язык сайта: Русский' }));
    fireEvent.click(screen.getByRole('link', { name: 'English' }));

    expect(window.location.search).toBe('?lang=en');
    expect(await screen.findByRole('link', { name: 'Tickets — home page' })).toBeTruthy();
    expect(screen.getByRole('banner').querySelector('img')?.getAttribute('src')).toBe('/static/logo-en.svg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Tickets — Contacts'));

    fireEvent.click(screen.getByRole('button', { name: 'EN, site language: English' }));
    fireEvent.click(screen.getByRole('link', { name: 'Русский' }));
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Контакты' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
  });
});
