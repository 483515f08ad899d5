import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../lib/navigation.tsx';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { CreateOrderInput } from '../../../../contract/order-create.ts';
import type { Setup } from '../../../../contract/setup.ts';
import { useModal } from '../../../components/modal/modal-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { type CaptchaFields, useCaptchaSubmit } from '../../../lib/use-captcha-submit.ts';
import { preloadScreenOf } from '../../../lib/screen-preload.ts';
import { createOrder, readFieldErrors } from '../api/event-api.ts';

/**
 * Sends the order behind the captcha the setup enables
 * (web/lib/use-captcha-submit.ts); success goes to the named-ticket form or the order.
 */
export function useSubmitOrder(options: {
  setup: Setup | undefined;
  eventKey: readonly unknown[];
  onFieldErrors: (fields: { path: string; code: string }[]) => void;
  target: (hash: string) => string;
  /** Called with the new order's hash before the page leaves for it. */
  onPlaced?: (hash: string) => void;
}) {
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptchaSubmit(options.setup, (error) => {
    if (error instanceof ApiError && error.code === ErrorCode.validation) {
      const fields = readFieldErrors((error.body as { fields?: unknown } | undefined)?.fields);
      if (fields && fields.length > 0) options.onFieldErrors(fields);
    }
    if (error instanceof ApiError && (error.code === ErrorCode.placesGone || error.code === ErrorCode.limit)) {
      void queryClient.invalidateQueries({ queryKey: options.eventKey });
    }
    modal.error(error, 'createOrder');
  });

  return {
    busy: captcha.busy,
    start: (body: Omit<CreateOrderInput, keyof CaptchaFields>) => {
      // The screen the new order opens loads while the order is placed (the same for every hash).
      preloadScreenOf(options.target('new'));
      return captcha.submit(async (fields) => {
        const answer = await createOrder({ ...body, ...fields });
        if (!answer.hash) throw new ApiError(ErrorCode.inner, '');
        options.onPlaced?.(answer.hash);
        void navigate(options.target(answer.hash));
      });
    },
    captcha: captcha.dialog,
  };
}
