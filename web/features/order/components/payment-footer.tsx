import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { PaymentType } from '../../../../contract/order-view.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { formatCountdown } from '../../../lib/countdown.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';

type Props = {
  amount: number;
  /** When the reservation ends (epoch ms): the countdown shows the time left. */
  deadline: number;
  payments: PaymentType[];
  methodId: number;
  onMethod: (id: number) => void;
  canPay: boolean;
  busy: boolean;
  onPay: () => void;
  /** Present while a QR payment started earlier awaits the bank: reopens its QR modal. */
  onResumeQr?: (() => void) | undefined;
};

/** The time left, re-rendered alone every second (not the footer, nor the order around it). */
function Countdown({ deadline }: { deadline: number }) {
  const { t } = useTranslation('order');
  const secondsLeft = useSecondsLeft(deadline);
  return <strong>{formatCountdown(secondsLeft, (count) => t('payment.days', { count }))}</strong>;
}

/**
 * Publishes the footer's height as --pay-footer-height on <html>, whose scroll padding (order.css)
 * then keeps a focused control above the stuck footer. The height changes with the language, the
 * payment types and the window's width.
 */
function usePublishedHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const footer = ref.current;
    // jsdom (the unit tests) has no ResizeObserver.
    if (!footer || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--pay-footer-height', `${Math.ceil(footer.getBoundingClientRect().height)}px`),
    );
    observer.observe(footer);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pay-footer-height');
    };
  }, []);
  return ref;
}

/** The payment footer: amount, the awaiting-payment countdown, payment types and Pay. */
export function PaymentFooter({ amount, deadline, payments, methodId, onMethod, canPay, busy, onPay, onResumeQr }: Props) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const money = useFormatRoubles();
  const ref = usePublishedHeight();
  return (
    <section ref={ref} className="pay-footer" aria-label={t('payment.pay')}>
      <div className="pay-footer__inner">
        <div className="pay-footer__sum">
          <span>{t('payment.toPay')}</span>
          <strong>{money(amount)}</strong>
        </div>
        <div className="pay-footer__timer" role="timer" aria-label={t('payment.timeLeft')}>
          <span>{t('payment.awaiting')}</span>
          <Countdown deadline={deadline} />
        </div>
        {payments.length > 0 && (
          <fieldset className="pay-footer__methods">
            <legend className="visually-hidden">{t('payment.method')}</legend>
            {payments.map((p) => (
              <label key={p.creditcompany_id} className="pay-method">
                <input
                  type="radio"
                  name="payment-method"
                  value={p.creditcompany_id}
                  checked={methodId === p.creditcompany_id}
                  onChange={() => onMethod(p.creditcompany_id)}
                />
                <span className="pay-method__name">{pickLocalized(p.name, lang)}</span>
                {pickLocalized(p.descript, lang) && <span className="pay-method__descript">{pickLocalized(p.descript, lang)}</span>}
              </label>
            ))}
          </fieldset>
        )}
        {onResumeQr && (
          <button
            type="button"
            className="button button--secondary pay-footer__resume"
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : onResumeQr}
          >
            {t('payment.resumeQr')}
          </button>
        )}
        {canPay && (
          // aria-disabled, not disabled, while paying: focus stays on Pay (a disabled button drops it),
          // so the QR modal that follows can hand it back there.
          <button
            type="button"
            className="button button--primary pay-footer__pay"
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : onPay}
          >
            {busy ? t('payment.paying') : t('payment.pay')}
          </button>
        )}
      </div>
    </section>
  );
}
