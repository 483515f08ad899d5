import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { CreateOrderInput } from '../../../../contract/order-create.ts';
import type { Setup } from '../../../../contract/setup.ts';
import { useModal } from '../../../components/modal/modal-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { createOrder, fieldErrors } from '../api/event-api.ts';
import { executeRecaptcha } from '../lib/recaptcha.ts';

type Captcha = { recaptchaToken?: string; captchaSid?: string; captchaText?: string };

/**
 * Sends the order (spec section 4 'Create order'): invisible reCAPTCHA when enabled, else the
 * image captcha when enabled, else directly; -1001 asks for the captcha again; success goes to
 * the named-ticket form or the order.
 */
export function useSubmitOrder(options: {
  setup: Setup | undefined;
  eventKey: readonly unknown[];
  onFieldErrors: (fields: { path: string; code: string }[]) => void;
  target: (hash: string) => string;
}) {
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [pending, setPending] = useState<Omit<CreateOrderInput, keyof Captcha> | undefined>();

  const send = async (body: Omit<CreateOrderInput, keyof Captcha>, captcha: Captcha) => {
    setBusy(true);
    try {
      const answer = await createOrder({ ...body, ...captcha });
      if (!answer.hash) throw new ApiError(ErrorCode.inner, '');
      void navigate(options.target(answer.hash));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === ErrorCode.invalidRecaptcha) {
        void start(body);
        return;
      }
      if (error instanceof ApiError && error.code === ErrorCode.validation) {
        const fields = fieldErrors.safeParse((error.body as { fields?: unknown } | undefined)?.fields);
        if (fields.success && fields.data.length > 0) options.onFieldErrors(fields.data);
      }
      if (error instanceof ApiError && (error.code === ErrorCode.placesGone || error.code === ErrorCode.limit)) {
        void queryClient.invalidateQueries({ queryKey: options.eventKey });
      }
      modal.error(error);
    }
  };

  const start = async (body: Omit<CreateOrderInput, keyof Captcha>) => {
    const setup = options.setup;
    if (setup?.recaptcha.enabled) {
      setBusy(true);
      try {
        const token = await executeRecaptcha(setup.recaptcha.sitekey);
        await send(body, { recaptchaToken: token });
      } catch (error) {
        setBusy(false);
        modal.error(error instanceof ApiError ? error : new ApiError(ErrorCode.invalidRecaptcha, ''));
      }
      return;
    }
    if (setup?.captcha.enabled) {
      setPending(body);
      setCaptchaOpen(true);
      return;
    }
    await send(body, {});
  };

  return {
    busy,
    start,
    captcha: {
      open: captchaOpen,
      onPassed: (sid: string, text: string) => {
        setCaptchaOpen(false);
        if (pending) void send(pending, { captchaSid: sid, captchaText: text });
      },
      onCancel: () => setCaptchaOpen(false),
    },
  };
}
