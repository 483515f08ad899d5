// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { telHref } from './contacts-page.tsx';

afterEach(cleanup);

// The page module is loaded lazily; on a busy machine its first import can take over a second.
const WAIT = { timeout: 5000 };

const withContacts = () =>
  setupFixture((setup) => {
    setup.db.info_contact = {
      email: 'box@museum.example',
      phone: '+7 (495) 123-45-67',
      requisites: { ru: 'ООО «Музей»\nИНН 7700000000', en: 'Museum LLC\nTIN 7700000000' },
      pushkin_url: 'https://www.culture.ru/pushkinskaya-karta',
      china_url: '/?lang=ch',
    };
  });

describe('contacts page', () => {
  it('shows e-mail, phone, requisites and both entries', async () => {
    await renderApp('/contacts?lang=en', withContacts());
    expect((await screen.findByRole('link', { name: 'box@museum.example' }, WAIT)).getAttribute('href')).toBe('mailto:box@museum.example');
    expect(screen.getByRole('link', { name: '+7 (495) 123-45-67' }).getAttribute('href')).toBe('tel:+74951234567');
    expect(screen.getByText(/Museum LLC/).textContent).toBe('Museum LLC\nTIN 7700000000');
    const pushkin = screen.getByRole('link', { name: /^Pushkin card\s*\(opens in a new tab\)$/ });
    expect(pushkin.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'For visitors from China' }).getAttribute('href')).toBe('/?lang=ch');
  });

  it('leaves out what the venue did not give', async () => {
    await renderApp(
      '/contacts',
      setupFixture((setup) => {
        setup.db.info_contact = { email: 'box@museum.example', phone: '', requisites: {}, pushkin_url: '', china_url: '' };
      }),
    );
    expect(await screen.findByRole('link', { name: 'box@museum.example' }, WAIT)).toBeTruthy();
    expect(screen.queryByText('Телефон')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Реквизиты' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Покупка по особым программам' })).toBeNull();
  });

  it('says so when there are no contacts at all', async () => {
    await renderApp('/contacts', setupFixture());
    expect(await screen.findByText('Контактные данные пока не указаны.', undefined, WAIT)).toBeTruthy();
  });
});

describe('telHref', () => {
  it.each([
    { phone: '+7 (495) 123-45-67', href: 'tel:+74951234567' },
    { phone: '8 800 555-35-35', href: 'tel:88005553535' },
    { phone: '+7 495 1+23', href: 'tel:+7495123' },
  ])('$phone → $href', ({ phone, href }) => expect(telHref(phone)).toBe(href));
});
