import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useNavigate } from '../../../lib/navigation.tsx';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { OrderView, TicketRow } from '../../../../contract/order-view.ts';
import { OrderStatus, ReturnStatus, isReturned } from '../../../../contract/order-status.ts';
import { OrderPayState } from '../../../../contract/payment-state.ts';
import { usePaths } from '../../../app/paths.ts';
import { useModal } from '../../../components/modal/modal-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import { addOffers, applyDiscount, cancelDiscount, payOrder, removeOffer } from '../api/order-api.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { useOrderChange } from '../hooks/use-order-change.ts';
import { useQrPolling } from '../hooks/use-qr-polling.ts';
import { useBeforeDeadline } from '../../../lib/use-seconds-left.ts';
import { groupRows } from '../lib/order-logic.ts';
import { BuyerData } from './buyer-data.tsx';
import { LoyaltyBlock } from './loyalty-block.tsx';
import { LazyOffersSidebar, preloadOffersSidebar } from './lazy-offers-sidebar.tsx';
import { NoOffersConfirm, QrPaymentModal, submitBankForm } from './order-dialogs.tsx';
import { PaymentFooter } from './payment-footer.tsx';
import { RefundNotices } from './refund-notices.tsx';
import { SelfExchange } from './self-exchange.tsx';
import { TicketCodesModal } from './ticket-codes-modal.tsx';
import { TicketGroup } from './ticket-group.tsx';

/** The loaded order: header, buyer, ticket groups, totals, offers, loyalty and the payment footer. */
export function OrderContent({ view, updatedAt }: { view: OrderView; updatedAt: number }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const paths = usePaths();
  const money = useFormatRoubles();
  const modal = useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: setup } = useSetup();
  const hash = view.hash;

  // The countdown ticks inside the payment footer; the order re-renders only when time is up.
  const deadline = view.reserveTime > 0 ? updatedAt + view.reserveTime * 1000 : undefined;
  const beforeDeadline = useBeforeDeadline(deadline);
  const paid = view.printingAllowed === 1;
  // The payment footer shows while the reserve runs: for an order awaiting payment, and for one
  // still awaiting its named-ticket data, whose Pay leads to that form.
  const running = !paid && (view.status === OrderStatus.confirmed || view.status === OrderStatus.reserved) && beforeDeadline;
  // Offers and discounts change only an order awaiting payment; the server refuses the others.
  const changeable = running && view.status === OrderStatus.confirmed;

  const [offersFor, setOffersFor] = useState<TicketRow[] | undefined>();
  const [codesFor, setCodesFor] = useState<TicketRow | undefined>();
  const [confirm, setConfirm] = useState(false);
  const [qr, setQr] = useState<{ url: string; image: string } | undefined>();
  const [paying, setPaying] = useState(false);
  const [promoFailed, setPromoFailed] = useState(false);
  const [methodId, setMethodId] = useState(view.creditCompanyId);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['order', hash] });

  const add = useOrderChange(hash, (choices: Parameters<typeof addOffers>[2]) => addOffers(hash, lang, choices));
  const remove = useOrderChange(hash, (id: number) => removeOffer(hash, lang, id));
  const discount = useOrderChange(hash, (body: Parameters<typeof applyDiscount>[2]) => applyDiscount(hash, lang, body));
  const promo = useOrderChange(hash, (code: string) => applyDiscount(hash, lang, { promoCode: code }), { silentError: true });
  const cancel = useOrderChange(hash, (what: 'promo' | 'bonuses') => cancelDiscount(hash, lang, what));
  const busy = add.isPending || remove.isPending || discount.isPending || promo.isPending || cancel.isPending || paying;

  useQrPolling(hash, qr !== undefined, (state) => {
    setQr(undefined);
    void reload();
    if (state === OrderPayState.declined) void navigate(paths.orderDeclined(hash));
  });

  const pay = async (confirmed: boolean) => {
    if (!confirmed && view.addToping.length > 0 && view.toping.length === 0) {
      setConfirm(true);
      return;
    }
    if (!view.url_pay) {
      modal.error(new ApiError(view.payments.length > 0 ? ErrorCode.unknownBank : ErrorCode.noBank, ''));
      return;
    }
    const method = view.payments.find((p) => p.creditcompany_id === methodId);
    if (view.demsumma > 0 && !method) {
      modal.error(new ApiError(ErrorCode.noBank, ''));
      return;
    }
    setPaying(true);
    try {
      const bank = method
        ? { id: method.creditcompany_id, name: method.name[lang] || method.name.ru, type: method.protocol_type }
        : { id: 0, name: '', type: 0 };
      const answer = await payOrder(view.url_pay, hash, lang, bank);
      if (answer.form_qr_url && answer.form_qr_code) {
        setQr({ url: answer.form_qr_url, image: answer.form_qr_code });
        setPaying(false);
      } else if (answer.form_action) {
        submitBankForm(answer.form_action, answer.form_bank ?? {});
      } else if (answer.bankUrl) {
        window.location.assign(answer.bankUrl);
      } else if (answer.hash && view.status === OrderStatus.reserved) {
        void navigate(paths.nominal(answer.hash));
      } else {
        setPaying(false);
        void reload();
      }
    } catch (error) {
      modal.error(error);
      setPaying(false);
      void reload();
    }
  };

  // A QR payment started earlier (the visitor closed the modal or reloaded the page) is still
  // pending at the bank: the same modal and polling as right after Pay, without a new payment.
  const resumeQr = (pending: OrderView['payment_qr']) => {
    if (pending) setQr({ url: pending.form_qr_url, image: pending.form_qr_code });
  };

  const showCodes = (row: TicketRow) => {
    const first = row.tickets[0];
    const image = row.tickettype === 1 ? first?._qrcode : first?._barcode;
    if (!image) {
      modal.error(new ApiError(ErrorCode.inner, row.tickettype === 1 ? t('codes.qrMissing') : t('codes.barcodeMissing')));
      return;
    }
    setCodesFor(row);
  };

  const groups = groupRows(view.main);
  const allowReturn = view.usereturn === 1 || setup?.app.order_return === 1;
  // An order stays paid when every ticket is returned; the badge then says so (docs/returns.md).
  const allReturned =
    paid && view.main.length > 0 && view.main.every((row) => row.tickets.length > 0 && row.tickets.every((x) => isReturned(x.status)));
  // A return request waits for the link in its e-mail; the order page says so.
  const awaitingReturn = paid && view.main.some((row) => row.tickets.some((x) => x.status === ReturnStatus.requested));
  const statusText = allReturned
    ? t('status.returned')
    : paid
      ? t('status.paid')
      : view.status === OrderStatus.canceled
        ? t('status.canceled')
        : t('status.notPaid');

  return (
    <div className="page-column order-page">
      <header className="order-head">
        <h1>{t('number', { number: view.ord_num })}</h1>
        <span className={`order-badge ${paid ? 'is-paid' : 'is-unpaid'}`}>{statusText}</span>
      </header>

      {paid && !allReturned && view.email && (
        <p className="order-paid-notice callout" role="status">
          {t('paidNotice', { email: view.email })}
        </p>
      )}

      {awaitingReturn && (
        <p className="order-paid-notice callout" role="status">
          {t('returnAwaits', { email: view.email })}
        </p>
      )}

      <RefundNotices refunds={view.refunds} money={money} />

      <BuyerData name={view.name} email={view.email} phone={view.phone} />

      {paid && !allReturned && (
        <div className="order-keep">
          <a className="button button--secondary" href={`/api/order/${encodeURIComponent(hash)}/tickets.pdf?lang=${lang}`} download>
            {t('ticketsPdf')}
          </a>
          <a className="button button--secondary" href={`/api/order/${encodeURIComponent(hash)}/calendar.ics?lang=${lang}`} download>
            {t('addToCalendar')}
          </a>
          <SelfExchange hash={hash} allowed={view.selfExchange.allowed} deadline={view.selfExchange.deadline} />
        </div>
      )}

      {paid && allowReturn && (
        <Link className="button button--secondary order-return" to={paths.orderReturn(hash)}>
          {t('returnTicket')}
        </Link>
      )}

      {groups.map((group) => (
        <TicketGroup
          key={group.key}
          rows={group.rows}
          services={view.toping}
          paid={paid}
          busy={busy}
          hasOffers={changeable && view.addToping.some((o) => group.rows.some((r) => r.id === o.parent_id))}
          onOpenOffers={() => setOffersFor(group.rows)}
          onRemoveService={(id) => remove.mutate(id)}
          onShowCodes={showCodes}
        />
      ))}

      <dl className="order-totals panel">
        {view.service.map((fee) => (
          <div key={fee.id} className="order-totals__row">
            <dt>{t('serviceFee')}</dt>
            <dd>{money(fee.cost)}</dd>
          </div>
        ))}
        {view.discountData.totalDiscount > 0 && (
          <div className="order-totals__row">
            <dt>{t('totals.discount')}</dt>
            <dd>−{money(view.discountData.totalDiscount)}</dd>
          </div>
        )}
        <div className="order-totals__row order-totals__row--total">
          <dt>{paid ? t('totals.paid') : t('totals.toPay')}</dt>
          <dd>{money(view.demsumma)}</dd>
        </div>
      </dl>

      {/* Not re-keyed on each change: the block keeps its fields, and the focus in them, across reloads. */}
      <LoyaltyBlock
        data={view.discountData}
        editable={changeable}
        busy={busy}
        promoFailed={promoFailed}
        onPromo={(code) =>
          promo.mutate(code, {
            onSuccess: (answer) => setPromoFailed(!answer.promoCode),
            onError: () => setPromoFailed(true),
          })
        }
        onCancelPromo={() => {
          setPromoFailed(false);
          cancel.mutate('promo');
        }}
        onCard={(cardCode, cardProof, onAnswer) =>
          discount.mutate(
            { cardCode, ...(cardProof ? { cardProof } : {}) },
            { onSuccess: (answer) => onAnswer(answer.cardProof === 'required') },
          )
        }
        onBonuses={(bonuses) => discount.mutate({ bonuses })}
        onCancelBonuses={() => cancel.mutate('bonuses')}
      />

      {running && (
        <PaymentFooter
          amount={view.demsumma}
          deadline={deadline ?? 0}
          payments={view.payments}
          methodId={methodId}
          onMethod={setMethodId}
          canPay={view.paymentAllowed}
          busy={paying}
          onPay={() => void pay(false)}
          onResumeQr={view.payment_qr ? () => resumeQr(view.payment_qr) : undefined}
        />
      )}

      {offersFor && (
        <LazyOffersSidebar
          rows={offersFor}
          offers={view.addToping}
          busy={busy}
          onClose={() => setOffersFor(undefined)}
          onAdd={(choices) => add.mutate(choices, { onSuccess: () => setOffersFor(undefined) })}
        />
      )}
      {codesFor && <TicketCodesModal row={codesFor} orderNumber={view.ord_num} onClose={() => setCodesFor(undefined)} />}
      {confirm && (
        <NoOffersConfirm
          onBack={() => {
            void preloadOffersSidebar();
            setConfirm(false);
            const first = groups[0];
            if (first) setOffersFor(first.rows);
          }}
          onDismiss={() => setConfirm(false)}
          onPay={() => {
            setConfirm(false);
            void pay(true);
          }}
        />
      )}
      {qr && (
        <QrPaymentModal
          number={view.ord_num}
          url={qr.url}
          image={qr.image}
          onClose={() => {
            setQr(undefined);
            // The order now carries the pending QR payment, so the footer offers to reopen it.
            void reload();
          }}
        />
      )}
    </div>
  );
}
