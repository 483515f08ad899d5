// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BackLinkTarget, BackLinkProvider, useBackLink } from '../../components/back-link/back-link-context.tsx';
import { rememberListingSelection } from '../../lib/listing-selection.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { BackLink } from './back-link.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('ru');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function PageSettingBackLink({ target }: { target: BackLinkTarget }) {
  useBackLink(target);
  return null;
}

function renderBackLink(page: BackLinkTarget | undefined, path = '/order/return/h1', pending = false) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Router hook={memoryLocation({ path }).hook}>
        <BackLinkProvider>
          <BackLink pending={pending} />
          {page && <PageSettingBackLink target={page} />}
        </BackLinkProvider>
      </Router>
    </I18nextProvider>,
  );
}

describe('BackLink', () => {
  it('goes back to the listing, keeping the menu and sub-menu the visitor had chosen', () => {
    rememberListingSelection({ id: '4', sid: '12' });
    renderBackLink(undefined, '/event/e1');
    expect(screen.getByRole('link', { name: 'Назад к выбору билетов' }).getAttribute('href')).toBe('/?id=4&sid=12');
  });

  it('is absent on the listing itself', () => {
    renderBackLink(undefined, '/');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('points to the order when a page asks for it (the return page)', () => {
    renderBackLink({ kind: 'order', hash: 'ordHash', orderNumber: 1042 });
    expect(screen.getByRole('link', { name: 'Вернуться к Заказу № 1042' }).getAttribute('href')).toBe('/order/ordHash');
  });

  it("holds the return page's line for its order link, unseen, before the page names the order", () => {
    const { container } = renderBackLink(undefined, '/order/return/h1');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.back-link--pending')?.textContent).toBe('Вернуться к Заказу № 000000');
  });

  it('holds the line while the order number loads', () => {
    const { container } = renderBackLink({ kind: 'order', hash: 'ordHash' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.back-link--pending')).not.toBeNull();
  });

  it('has no line at all on a path no route knows (the 404 page has its own link)', () => {
    const { container } = renderBackLink(undefined, '/no/such/page', true);
    expect(container.querySelector('.back-link')).toBeNull();
  });

  it('can be hidden by a page', () => {
    renderBackLink({ kind: 'hidden' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('holds its place with an invisible line while the setup loads, and nothing on the listing', () => {
    const { container } = renderBackLink(undefined, '/event/e1', true);
    expect(screen.queryByRole('link')).toBeNull();
    const holder = container.querySelector('.back-link--pending');
    expect(holder?.getAttribute('aria-hidden')).toBe('true');
    expect(holder?.textContent).toBe('Назад к выбору билетов');
    cleanup();
    expect(renderBackLink(undefined, '/', true).container.querySelector('.back-link')).toBeNull();
    cleanup();
    expect(renderBackLink({ kind: 'hidden' }, '/event/e1', true).container.querySelector('.back-link')).toBeNull();
  });
});
