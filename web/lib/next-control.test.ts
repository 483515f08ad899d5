// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { nextControl } from './next-control.ts';

const form = (html: string) => {
  const element = document.createElement('form');
  element.innerHTML = html;
  return element;
};

describe('nextControl', () => {
  it.each([
    {
      description: 'the first field marked invalid, even after an empty one',
      html: '<input id="a" type="text"><input id="b" type="email" value="x" aria-invalid="true"><button id="s" type="submit"></button>',
      expected: 'b',
    },
    {
      description: 'a part still loading before the fields and boxes after it',
      html: '<div id="l" aria-busy="true"></div><input id="c" type="checkbox" required><button id="s" type="submit"></button>',
      expected: 'l',
    },
    {
      description: 'the first empty text field when none is invalid',
      html: '<input id="a" type="text" value="Иван"><input id="b" type="tel"><input id="c" type="email"><button id="s" type="submit"></button>',
      expected: 'b',
    },
    {
      description: 'a disabled empty field is skipped',
      html: '<input id="a" type="text" disabled><input id="b" type="text"><button id="s" type="submit"></button>',
      expected: 'b',
    },
    {
      description: 'a required box left unticked once every field is filled',
      html: '<input id="a" type="text" value="x"><input id="n" type="checkbox"><input id="c" type="checkbox" required><button id="s" type="submit"></button>',
      expected: 'c',
    },
    {
      description: 'the submit button once everything is filled and ticked',
      html: '<input id="a" type="text" value="x"><input id="c" type="checkbox" required checked><button id="s" type="submit"></button>',
      expected: 's',
    },
  ])('$description', ({ html, expected }) => {
    expect(nextControl(form(html))?.id).toBe(expected);
  });

  it('finds nothing in a form without fields or a submit button', () => {
    expect(nextControl(form('<p>…</p>'))).toBeNull();
  });
});
