// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rulesQueryOptions } from '../../lib/api.ts';
import { rulesFixture, setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(cleanup);

// The page module is loaded lazily; on a busy machine its first import can take over a second.
const WAIT = { timeout: 5000 };

function withRules(change: (rules: ReturnType<typeof rulesFixture>) => void = () => {}) {
  const rules = rulesFixture();
  change(rules);
  return (client: Parameters<Parameters<typeof renderApp>[2] & object>[0]) => client.setQueryData(rulesQueryOptions().queryKey, rules);
}

describe('rules pages', () => {
  it('shows the document body in the visitor language, headed with its name', async () => {
    await renderApp('/rules/purchase-terms?lang=en', setupFixture(), withRules());
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase terms' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How to buy' })).toBeTruthy();
    const others = screen.getByRole('navigation', { name: 'Other documents' });
    expect(others.querySelector('a')?.getAttribute('href')).toBe('/rules/privacy-policy?lang=en');
  });

  // Page title = setup title plus the route's title key, so a document named
  // otherwise keeps its name in the heading only.
  it.each([
    { url: '/rules/purchase-terms', heading: 'Условия покупки', title: 'Билеты — Правила покупки' },
    { url: '/rules/purchase-terms?lang=en', heading: 'Terms of purchase', title: 'Tickets — Purchase terms' },
    { url: '/rules/privacy-policy?lang=kz', heading: 'Дербес деректер', title: 'Билеттер — Құпиялылық саясаты' },
  ])('titles $url with the route title key, not the document name', async ({ url, heading, title }) => {
    await renderApp(
      url,
      setupFixture(),
      withRules((r) => {
        r.rules = r.rules.map((doc) => ({ ...doc, infname: { ru: 'Условия покупки', en: 'Terms of purchase', kz: 'Дербес деректер' } }));
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading }, WAIT)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('links the file when the document is a file', async () => {
    await renderApp('/rules/privacy-policy', setupFixture(), withRules());
    const link = await screen.findByRole('link', { name: /^Открыть документ\s*\(откроется в новой вкладке\)$/ }, WAIT);
    expect(link.getAttribute('href')).toBe('/static/privacy-policy.pdf');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never lets a script or handler of the document into the page', async () => {
    await renderApp(
      '/rules/purchase-terms',
      setupFixture(),
      withRules((r) => {
        const doc = r.rules[0];
        if (doc)
          doc.filebody = {
            ru: '<p onclick="alert(1)">Текст</p><script>window.hacked = 1</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">ссылка</a>',
          };
      }),
    );
    const text = await screen.findByText('Текст', undefined, WAIT);
    const article = text.closest('article');
    expect(article?.querySelectorAll('script, img, [onclick]')).toHaveLength(0);
    expect(screen.getByText('ссылка').getAttribute('href')).toBeNull();
  });

  it('says so when the database has no such document', async () => {
    await renderApp(
      '/rules/privacy-policy',
      setupFixture(),
      withRules((r) => (r.rules = r.rules.slice(0, 1))),
    );
    expect(await screen.findByText('Документ пока не опубликован.', undefined, WAIT)).toBeTruthy();
  });
});
