import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ADAPTIVE_CAPTCHA } from '../../contract/order-form-constants.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Setup } from '../../contract/setup.ts';
import { ApiError, setupQueryOptions } from './api.ts';
import { executeRecaptcha } from './recaptcha.ts';
import { type SmartCaptchaWidget, createSmartCaptchaWidget } from './smartcaptcha.ts';
import { useLang } from './use-lang.ts';

/** The captcha fields an order call carries (create and create-scheme alike). */
export type CaptchaFields = { recaptchaToken?: string; smartToken?: string; captchaSid?: string; captchaText?: string };

/** One try at the call behind the captcha; rejects with the call's ApiError. */
export type CaptchaAttempt = (fields: CaptchaFields) => Promise<void>;

type Way = 'recaptcha' | 'smartcaptcha' | 'image' | 'none';

/** Puts the focus back on the element that had it once that element can take it again. */
function refocus(element: Element | null) {
  if (!(element instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    if (element.isConnected && (document.activeElement === null || document.activeElement === document.body)) element.focus();
  });
}

/** A -1001 answer that names the image captcha (the adaptive challenge of the order calls). */
function asksForImage(error: ApiError): boolean {
  const body = error.body as Record<string, unknown> | undefined;
  return body?.[ADAPTIVE_CAPTCHA.field] === ADAPTIVE_CAPTCHA.image;
}

/**
 * The order submit sequence shared by the event and scheme pages: run the
 * invisible reCAPTCHA when the setup enables it, else Yandex SmartCaptcha's invisible widget,
 * else ask the image captcha (the dialog gets
 * `dialog`), else send directly. -1001 (captcha invalid) asks again: the image dialog opens
 * again; the invisible reCAPTCHA (or SmartCaptcha) runs once more (it may then show a challenge) and then
 * gives up with the error, so a server that refuses every token never loops; a direct send
 * refused with -1001 means the page's setup is stale, so the setup is refetched and, if it now
 * enables a captcha, the sequence starts once more with it. Other errors go to onError.
 * SmartCaptcha's widget lives as long as the page (web/lib/smartcaptcha.ts): a challenge closed
 * unsolved frees the button and sends nothing; a widget that cannot run (no script, a network or
 * JavaScript error) opens the image dialog in its place (`dialog.fallback`).
 *
 * `busy` is on while a token is fetched or the call runs; it stays on after a successful call,
 * because every caller leaves the page then (and the button must not be pressed twice). A second
 * submit while one is under way (the captcha dialog open, a token or the call awaited, or the page
 * leaving after success) is ignored: the forms validate asynchronously before they submit, so a
 * double click reaches here twice before the disabled button is drawn.
 */
export function useCaptchaSubmit(setup: Setup | undefined, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ attempt: CaptchaAttempt; fallback?: boolean } | undefined>();
  const widgetRef = useRef<SmartCaptchaWidget | undefined>(undefined);
  // One SmartCaptcha widget per page (and per key and language), destroyed when the page goes.
  const smartWidget = (sitekey: string) => {
    const current = widgetRef.current;
    if (current && current.sitekey === sitekey && current.lang === lang) return current;
    current?.destroy();
    widgetRef.current = createSmartCaptchaWidget(sitekey, lang);
    return widgetRef.current;
  };
  useEffect(
    () => () => {
      widgetRef.current?.destroy();
      widgetRef.current = undefined;
    },
    [],
  );
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const underWay = useRef(false);

  const fail = (error: unknown) => {
    underWay.current = false;
    setBusy(false);
    onErrorRef.current(error);
  };

  const run = async (attempt: CaptchaAttempt, fields: CaptchaFields, way: Way, retried: boolean) => {
    setBusy(true);
    try {
      await attempt(fields);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ErrorCode.invalidRecaptcha)) return fail(error);
      // The server asks for the image captcha itself (orders sent faster than a person can),
      // whatever the setup says: the dialog opens.
      if (way === 'image' || asksForImage(error)) {
        setBusy(false);
        setPending({ attempt });
        return;
      }
      if (retried) return fail(error);
      if (way === 'recaptcha' || way === 'smartcaptcha') return start(attempt, setup, true);
      let fresh: Setup;
      try {
        fresh = await queryClient.fetchQuery({ ...setupQueryOptions(), staleTime: 0 });
      } catch {
        return fail(error);
      }
      if (!fresh.recaptcha.enabled && !fresh.smartcaptcha.enabled && !fresh.captcha.enabled) return fail(error);
      return start(attempt, fresh, true);
    }
  };

  const start = async (attempt: CaptchaAttempt, current: Setup | undefined, retried: boolean): Promise<void> => {
    if (current?.recaptcha.enabled) {
      setBusy(true);
      let token: string;
      try {
        token = await executeRecaptcha(current.recaptcha.sitekey);
      } catch {
        return fail(new ApiError(ErrorCode.invalidRecaptcha, ''));
      }
      return run(attempt, { recaptchaToken: token }, 'recaptcha', retried);
    }
    if (current?.smartcaptcha.enabled) {
      setBusy(true);
      const from = document.activeElement;
      const outcome = await smartWidget(current.smartcaptcha.sitekey).run();
      if (outcome.kind === 'token') return run(attempt, { smartToken: outcome.token }, 'smartcaptcha', retried);
      setBusy(false);
      if (outcome.kind === 'unavailable') {
        // The provider is down for this page: the image captcha stands in (the server takes its
        // answer in place of the token), so an outage of Yandex never stops a sale.
        setPending({ attempt, fallback: true });
        return;
      }
      // Closed unsolved: nothing is sent, the form stays, the button is free again and the
      // focus goes back to it (it was disabled while the challenge was open).
      underWay.current = false;
      refocus(from);
      return;
    }
    if (current?.captcha.enabled) {
      setBusy(false);
      setPending({ attempt });
      return;
    }
    return run(attempt, {}, 'none', retried);
  };

  return {
    busy,
    /** Starts the sequence for one submit; `attempt` sends the call with the captcha fields. */
    submit: async (attempt: CaptchaAttempt) => {
      if (underWay.current) return;
      underWay.current = true;
      return start(attempt, setup, false);
    },
    /** Props for the CaptchaDialog of web/components/captcha. */
    dialog: {
      open: pending !== undefined,
      fallback: pending?.fallback === true,
      onPassed: (sid: string, text: string) => {
        setPending(undefined);
        if (pending) void run(pending.attempt, { captchaSid: sid, captchaText: text }, 'image', false);
      },
      onCancel: () => {
        underWay.current = false;
        setPending(undefined);
      },
    },
  };
}
