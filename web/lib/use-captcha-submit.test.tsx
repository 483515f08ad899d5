// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/errors.ts';
import type { Setup } from '../../contract/setup.ts';
import { setupFixture } from '../test/fixtures.ts';
import { ApiError } from './api.ts';
import { executeRecaptcha } from './recaptcha.ts';
import { type SmartCaptchaOutcome, createSmartCaptchaWidget } from './smartcaptcha.ts';
import { type CaptchaAttempt, type CaptchaFields, useCaptchaSubmit } from './use-captcha-submit.ts';

// Google's script never runs in tests: the loader answers tokens tok-1, tok-2, …
vi.mock('./recaptcha.ts', () => ({ executeRecaptcha: vi.fn() }));
const recaptcha = vi.mocked(executeRecaptcha);
// Nor Yandex's: the page's SmartCaptcha widget (web/lib/smartcaptcha.ts, tested against the
// widget fake in smartcaptcha.test.ts) gives the outcomes a test queues, else tokens smart-1, smart-2, …
vi.mock('./smartcaptcha.ts', () => ({ createSmartCaptchaWidget: vi.fn() }));
const smartcaptcha = vi.mocked(createSmartCaptchaWidget);
let smartOutcomes: SmartCaptchaOutcome[] = [];
let smartRuns = 0;
const smartDestroy = vi.fn();
const withSmartCaptcha = setupFixture((s) => {
  s.smartcaptcha = { enabled: true, sitekey: 'ysc1_client' };
});

const plain = setupFixture();
const withImage = setupFixture((s) => {
  s.captcha.enabled = true;
});
const withRecaptcha = setupFixture((s) => {
  s.recaptcha = { enabled: true, sitekey: 'site-key' };
});

const invalid = () => new ApiError(ErrorCode.invalidRecaptcha, '', 400);

/** An attempt that answers each call with the next outcome (undefined = success). */
function attempts(...outcomes: (Error | undefined)[]) {
  const calls: CaptchaFields[] = [];
  const attempt: CaptchaAttempt = async (fields) => {
    calls.push(fields);
    const outcome = outcomes[calls.length - 1];
    if (outcome) throw outcome;
  };
  return { attempt, calls };
}

function renderSubmit(setup: Setup, serverSetup?: Setup) {
  const onError = vi.fn();
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/setup' && serverSetup
      ? Response.json(serverSetup)
      : Response.json({ errorCode: '-9999', errorText: '' }, { status: 500 }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(() => useCaptchaSubmit(setup, onError), { wrapper });
  return { ...view, onError };
}

beforeEach(() => {
  let n = 0;
  recaptcha.mockReset();
  recaptcha.mockImplementation(async () => `tok-${++n}`);
  smartOutcomes = [];
  smartRuns = 0;
  smartDestroy.mockReset();
  smartcaptcha.mockReset();
  smartcaptcha.mockImplementation((sitekey, lang) => ({
    sitekey,
    lang,
    run: async () => {
      smartRuns += 1;
      return smartOutcomes.shift() ?? { kind: 'token', token: `smart-${smartRuns}` };
    },
    destroy: smartDestroy,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCaptchaSubmit (the order submit sequence)', () => {
  it('with SmartCaptcha chosen, sends its token, runs the widget once more after -1001, then gives up with the error', async () => {
    const { result, onError } = renderSubmit(withSmartCaptcha);
    const { attempt, calls } = attempts(invalid(), invalid());
    await act(() => result.current.submit(attempt));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ smartToken: 'smart-1' }, { smartToken: 'smart-2' }]);
    // One widget for the page, run once per try.
    expect(smartcaptcha).toHaveBeenCalledTimes(1);
    expect(smartcaptcha).toHaveBeenCalledWith('ysc1_client', 'ru');
    expect(recaptcha).not.toHaveBeenCalled();
  });

  it('with SmartCaptcha chosen, a widget that cannot run opens the image dialog as its fallback, whose answer is sent', async () => {
    smartOutcomes = [{ kind: 'unavailable' }];
    const { result, onError } = renderSubmit(withSmartCaptcha);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([]);
    expect(result.current.dialog).toMatchObject({ open: true, fallback: true });
    expect(result.current.busy).toBe(false);
    act(() => result.current.dialog.onPassed('sid-1', 'K7M3P'));
    await waitFor(() => expect(calls).toEqual([{ captchaSid: 'sid-1', captchaText: 'K7M3P' }]));
    expect(result.current.dialog.open).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('with SmartCaptcha chosen, a challenge closed unsolved sends nothing, frees the button, and the next submit runs it again', async () => {
    smartOutcomes = [{ kind: 'closed' }];
    const { result, onError } = renderSubmit(withSmartCaptcha);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([]);
    expect(result.current.busy).toBe(false);
    expect(result.current.dialog.open).toBe(false);
    expect(onError).not.toHaveBeenCalled();
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([{ smartToken: 'smart-2' }]);
  });

  it('destroys the SmartCaptcha widget when the page goes', async () => {
    const { result, unmount } = renderSubmit(withSmartCaptcha);
    await act(() => result.current.submit(attempts(undefined).attempt));
    expect(smartDestroy).not.toHaveBeenCalled();
    unmount();
    expect(smartDestroy).toHaveBeenCalledTimes(1);
  });

  it('never loads SmartCaptcha when the setup does not choose it', async () => {
    const { result } = renderSubmit(plain);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([{}]);
    expect(smartcaptcha).not.toHaveBeenCalled();
  });

  it('ignores a second submit while the first is under way, and takes one again after a failure', async () => {
    const { result, onError } = renderSubmit(plain);
    let answer: (error?: Error) => void = () => undefined;
    const calls: number[] = [];
    const attempt: CaptchaAttempt = () => {
      calls.push(calls.length);
      return new Promise<void>((resolve, reject) => {
        answer = (error) => (error ? reject(error) : resolve());
      });
    };
    // A double click: both submits arrive before React draws the disabled button.
    let first: Promise<void> | undefined;
    let second: Promise<void> | undefined;
    act(() => {
      first = result.current.submit(attempt);
      second = result.current.submit(attempt);
    });
    expect(calls).toEqual([0]);
    await act(async () => {
      answer(new ApiError('-1010', 'Места закончились', 409));
      await first;
      await second;
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
    act(() => void result.current.submit(attempt));
    expect(calls).toEqual([0, 1]);
  });

  it('takes a submit again once the image captcha dialog is cancelled', async () => {
    const { result } = renderSubmit(withImage);
    const { attempt } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(result.current.dialog.open).toBe(true);
    act(() => result.current.dialog.onCancel());
    expect(result.current.dialog.open).toBe(false);
    await act(() => result.current.submit(attempt));
    expect(result.current.dialog.open).toBe(true);
  });

  it('opens the image dialog when the server asks for it with the captcha off (orders too fast), and sends the answer', async () => {
    const { result, onError } = renderSubmit(plain);
    const asked = new ApiError(ErrorCode.invalidRecaptcha, '', 400, {
      errorCode: ErrorCode.invalidRecaptcha,
      errorText: '',
      captcha: 'image',
    });
    const { attempt, calls } = attempts(asked, undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([{}]);
    expect(result.current.dialog.open).toBe(true);
    expect(result.current.busy).toBe(false);
    await act(async () => result.current.dialog.onPassed('sid-1', 'K7M3P'));
    await waitFor(() => expect(calls).toEqual([{}, { captchaSid: 'sid-1', captchaText: 'K7M3P' }]));
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends directly when no captcha is enabled and stays busy after success (the page leaves)', async () => {
    const { result, onError } = renderSubmit(plain);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([{}]);
    expect(result.current.dialog.open).toBe(false);
    expect(result.current.busy).toBe(true);
    expect(recaptcha).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('asks the image captcha first and sends its sid and text', async () => {
    const { result } = renderSubmit(withImage);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(result.current.dialog.open).toBe(true);
    expect(result.current.busy).toBe(false);
    expect(calls).toEqual([]);
    act(() => result.current.dialog.onPassed('sid-1', 'K7WPX'));
    await waitFor(() => expect(calls).toEqual([{ captchaSid: 'sid-1', captchaText: 'K7WPX' }]));
    expect(result.current.dialog.open).toBe(false);
  });

  it('shows the image captcha again when the order answers -1001', async () => {
    const { result, onError } = renderSubmit(withImage);
    const { attempt, calls } = attempts(invalid(), undefined);
    await act(() => result.current.submit(attempt));
    act(() => result.current.dialog.onPassed('sid-1', 'WRONG'));
    await waitFor(() => expect(result.current.dialog.open).toBe(true));
    expect(result.current.busy).toBe(false);
    act(() => result.current.dialog.onPassed('sid-2', 'K7WPX'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ captchaSid: 'sid-2', captchaText: 'K7WPX' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends nothing when the visitor cancels the image captcha', async () => {
    const { result, onError } = renderSubmit(withImage);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    act(() => result.current.dialog.onCancel());
    expect(result.current.dialog.open).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(calls).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('runs the invisible reCAPTCHA with the site key when enabled (before the image captcha) and sends its token', async () => {
    const both = setupFixture((s) => {
      s.recaptcha = { enabled: true, sitekey: 'site-key' };
      s.captcha.enabled = true;
    });
    const { result } = renderSubmit(both);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(recaptcha).toHaveBeenCalledWith('site-key');
    expect(calls).toEqual([{ recaptchaToken: 'tok-1' }]);
    expect(result.current.dialog.open).toBe(false);
  });

  it('runs reCAPTCHA once more after -1001, then gives up with the error instead of looping', async () => {
    const { result, onError } = renderSubmit(withRecaptcha);
    const { attempt, calls } = attempts(invalid(), invalid(), undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([{ recaptchaToken: 'tok-1' }, { recaptchaToken: 'tok-2' }]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: ErrorCode.invalidRecaptcha });
    expect(result.current.busy).toBe(false);
  });

  it('reports -1001 and sends nothing when reCAPTCHA cannot run', async () => {
    recaptcha.mockRejectedValue(new Error('reCAPTCHA did not load'));
    const { result, onError } = renderSubmit(withRecaptcha);
    const { attempt, calls } = attempts(undefined);
    await act(() => result.current.submit(attempt));
    expect(calls).toEqual([]);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: ErrorCode.invalidRecaptcha });
    expect(result.current.busy).toBe(false);
  });

  it('follows a setup changed since the page loaded: a direct send refused with -1001 asks the image captcha', async () => {
    const { result, onError } = renderSubmit(plain, withImage);
    const { attempt, calls } = attempts(invalid(), undefined);
    await act(() => result.current.submit(attempt));
    await waitFor(() => expect(result.current.dialog.open).toBe(true));
    act(() => result.current.dialog.onPassed('sid-1', 'K7WPX'));
    await waitFor(() => expect(calls).toEqual([{}, { captchaSid: 'sid-1', captchaText: 'K7WPX' }]));
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a -1001 of a direct send when the setup still has no captcha', async () => {
    const { result, onError } = renderSubmit(plain, plain);
    const { attempt, calls } = attempts(invalid());
    await act(() => result.current.submit(attempt));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(result.current.dialog.open).toBe(false);
  });

  it('hands any other error to the page and is no longer busy', async () => {
    const { result, onError } = renderSubmit(withImage);
    const refused = new ApiError('-1011', 'Место недоступно', 400);
    const { attempt } = attempts(refused);
    await act(() => result.current.submit(attempt));
    act(() => result.current.dialog.onPassed('sid-1', 'K7WPX'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(refused));
    expect(result.current.busy).toBe(false);
    expect(result.current.dialog.open).toBe(false);
  });
});
