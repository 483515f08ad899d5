// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadScreensOnIntent } from './screen-intent.ts';

/** A page with links, listened to; `calls` are the paths whose screens were asked to load. */
function setUp(hoverMs = 0) {
  document.body.innerHTML = `
    <a id="event" href="/event/abc"><span id="inside">Концерт</span></a>
    <a id="english" href="/contacts?lang=en">Contacts</a>
    <a id="legacy" href="/kz/order/view/abc">Тапсырыс</a>
    <a id="other-site" href="https://example.org/event/abc">Elsewhere</a>
    <a id="new-tab" href="/rules/purchase-terms" target="_blank">Правила</a>
    <button id="button" type="button">Купить</button>`;
  const calls: string[] = [];
  const stop = preloadScreensOnIntent((path) => calls.push(path), { hoverMs });
  const element = (id: string) => document.getElementById(id) as HTMLElement;
  return { calls, stop, element };
}

const fire = (target: Element, type: string, init: MouseEventInit = {}) =>
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, ...init }));
/** Lets the timers due within `ms` run (those set before it for as long or less). */
const timersDue = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

let stopListening = () => {};
afterEach(() => {
  stopListening();
  document.body.innerHTML = '';
});

describe('a link’s screen loads on the visitor’s intent', () => {
  it('on a press, a touch or the keyboard’s focus, at once, with the link’s query', () => {
    const { calls, stop, element } = setUp();
    stopListening = stop;
    fire(element('event'), 'pointerdown');
    element('inside').dispatchEvent(new Event('touchstart', { bubbles: true }));
    element('english').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    fire(element('legacy'), 'pointerdown');
    expect(calls).toEqual(['/event/abc', '/event/abc', '/contacts?lang=en', '/kz/order/view/abc']);
  });

  it('not for a link to another site, one that opens a new tab, or what is not a link', () => {
    const { calls, stop, element } = setUp();
    stopListening = stop;
    for (const id of ['other-site', 'new-tab', 'button']) {
      fire(element(id), 'pointerdown');
      element(id).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    expect(calls).toEqual([]);
  });

  it('when the pointer rests on a link, once, also while it moves over the link’s own parts', async () => {
    const { calls, stop, element } = setUp(5);
    stopListening = stop;
    fire(element('event'), 'pointerover');
    expect(calls).toEqual([]);
    // Leaving the link for its own text is still resting on it.
    fire(element('event'), 'pointerout', { relatedTarget: element('inside') });
    await timersDue(10);
    fire(element('inside'), 'pointerover');
    await timersDue(10);
    expect(calls).toEqual(['/event/abc']);
  });

  it('not when the pointer passes over a link and leaves it before the delay', async () => {
    const { calls, stop, element } = setUp(5);
    stopListening = stop;
    fire(element('event'), 'pointerover');
    fire(element('event'), 'pointerout', { relatedTarget: element('button') });
    fire(element('english'), 'pointerover');
    fire(element('english'), 'pointerout', { relatedTarget: document.body });
    await timersDue(10);
    expect(calls).toEqual([]);
  });

  it('no more once stopped, a hover already begun included', async () => {
    const { calls, stop, element } = setUp();
    fire(element('event'), 'pointerover');
    stop();
    fire(element('english'), 'pointerdown');
    await timersDue();
    expect(calls).toEqual([]);
  });
});
