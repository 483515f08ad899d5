import { Suspense, lazy, useState } from 'react';
import type * as DialogModule from './captcha-dialog.tsx';
import type { CaptchaDialogProps } from './captcha-dialog.tsx';

let dialogModule: Promise<typeof DialogModule> | undefined;

/** Starts loading the captcha dialog's code (once); the order forms call it as they are about to show. */
export const preloadCaptchaDialog = () => (dialogModule ??= import('./captcha-dialog.tsx'));

const Dialog = lazy(() => preloadCaptchaDialog().then((m) => ({ default: m.CaptchaDialog })));

type Props = CaptchaDialogProps & {
  /** The order form shows: the dialog (its code and its texts) loads now, closed, so it opens at once when asked. */
  load: boolean;
};

/**
 * The captcha dialog of a page whose first load should not carry it: nothing until the order form
 * shows (`load`) or the dialog is asked for, then the CaptchaDialog itself, which stays mounted so
 * its state and texts survive the form hiding and showing again.
 */
export function LazyCaptchaDialog({ load, ...props }: Props) {
  const [wanted, setWanted] = useState(false);
  // Set during render (React's pattern for state derived from props): no extra commit without it.
  if ((load || props.open) && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
