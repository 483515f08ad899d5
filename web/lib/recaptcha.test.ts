// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { executeRecaptcha } from './recaptcha.ts';

// The loader keeps the API object of its one script load, so one stand-in serves every test.
let outcome: 'token' | 'error' = 'token';
const rendered: { sitekey: string; size: string }[] = [];

/** A stand-in for Google's grecaptcha: each execute answers through the widget's callbacks. */
function fakeGrecaptcha() {
  let callbacks: { callback: (token: string) => void; 'error-callback': () => void } | undefined;
  window.grecaptcha = {
    ready: (cb) => cb(),
    render: (_container, params) => {
      rendered.push({ sitekey: params.sitekey, size: params.size });
      callbacks = params;
      return rendered.length;
    },
    execute: (widget) => {
      if (outcome === 'token') callbacks?.callback(`token-${widget}`);
      else callbacks?.['error-callback']();
    },
    reset: () => {},
  };
}

const scripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('google.com/recaptcha'));

describe('executeRecaptcha', () => {
  it('loads Google’s script once, renders an invisible widget with the site key and resolves with its token', async () => {
    fakeGrecaptcha();
    const first = executeRecaptcha('site-key');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=explicit');
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('token-1');
    await expect(executeRecaptcha('site-key')).resolves.toBe('token-2');
    expect(scripts()).toHaveLength(1);
    expect(rendered).toEqual([
      { sitekey: 'site-key', size: 'invisible' },
      { sitekey: 'site-key', size: 'invisible' },
    ]);
    // The widget containers are removed once answered.
    expect(document.body.children).toHaveLength(0);
  });

  it('rejects when the challenge fails', async () => {
    outcome = 'error';
    await expect(executeRecaptcha('site-key')).rejects.toThrow('reCAPTCHA failed');
  });
});
