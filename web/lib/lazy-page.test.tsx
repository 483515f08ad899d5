// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.tsx';

afterEach(cleanup);

/** A page's code whose load the test completes or fails by hand; `loads` counts the loads started. */
function pageCode() {
  const code = { loads: 0, finish: () => {}, fail: (_error: Error) => {} };
  const load = () => {
    code.loads++;
    return new Promise<(props: { name: string }) => ReactNode>((resolve, reject) => {
      code.finish = () => resolve(({ name }) => <h1>{name}</h1>);
      code.fail = reject;
    });
  };
  return { code, load };
}

/** Shows "Ошибка" in place of what failed to render. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Ошибка</p> : this.props.children;
  }
}

const inSuspense = (page: ReactNode) => (
  <Boundary>
    <Suspense fallback={<p>Загрузка</p>}>{page}</Suspense>
  </Boundary>
);

describe('a page in a chunk of its own', () => {
  it('whose code is there renders at once, in the first render, never its fallback', async () => {
    const { code, load } = pageCode();
    const Page = lazyPage(load);
    const loaded = Page.loadCode();
    code.finish();
    await loaded;
    // Synchronous: no act() flush, no awaiting. A bare lazy() would show the fallback here.
    render(inSuspense(<Page name="Каталог" />));
    expect(screen.getByRole('heading', { name: 'Каталог' })).toBeTruthy();
    expect(screen.queryByText('Загрузка')).toBeNull();
    expect(code.loads).toBe(1);
  });

  it('whose code is not there shows the fallback, then the page, with a single load for the render and an early ask', async () => {
    const { code, load } = pageCode();
    const Page = lazyPage(load);
    const early = Page.loadCode();
    render(inSuspense(<Page name="Касса" />));
    expect(screen.getByText('Загрузка')).toBeTruthy();
    expect(Page.loadCode()).toBe(early);
    await act(async () => {
      code.finish();
      await early;
    });
    expect(await screen.findByRole('heading', { name: 'Касса' })).toBeTruthy();
    expect(code.loads).toBe(1);
  });

  it('whose load failed while it rendered shows the error, once; loaded again later, it renders at its next mount', async () => {
    const { code, load } = pageCode();
    const Page = lazyPage(load);
    // React reports the error the boundary caught.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(inSuspense(<Page name="Сотрудники" />));
    const first = Page.loadCode();
    await act(async () => {
      code.fail(new Error('chunk failed'));
      await first.catch(() => {});
    });
    expect(await screen.findByText('Ошибка')).toBeTruthy();
    reported.mockRestore();
    // The failure is shown, not asked again by the render in a loop.
    expect(code.loads).toBe(1);
    view.unmount();
    // A link to the page is about to be followed: its code is asked again, and comes.
    const again = Page.loadCode();
    code.finish();
    await again;
    render(inSuspense(<Page name="Сотрудники" />));
    expect(screen.getByRole('heading', { name: 'Сотрудники' })).toBeTruthy();
    expect(code.loads).toBe(2);
  });

  it('whose load failed is loaded again when next asked', async () => {
    const { code, load } = pageCode();
    const Page = lazyPage(load);
    const first = Page.loadCode();
    code.fail(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = Page.loadCode();
    expect(second).not.toBe(first);
    code.finish();
    await second;
    expect(code.loads).toBe(2);
    render(inSuspense(<Page name="Отчёты" />));
    expect(screen.getByRole('heading', { name: 'Отчёты' })).toBeTruthy();
  });
});
