import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/common.ts';
import { isOrderHash } from '../../../../contract/order-hash.ts';
import type { OrderView } from '../../../../contract/order-view.ts';
import type {
  SelfExchangeOptions,
  SelfExchangeQuote,
  SelfExchangeQuoteRequest,
  SelfExchangeResult,
} from '../../../../contract/self-exchange.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import { apiPost } from '../../../lib/api.ts';
import { createBootRequest } from '../../../lib/boot-request.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const businessResult = () => import('../../../../contract/common.ts').then((m) => m.businessResult);
const discountResponse = () => import('../../../../contract/order-view.ts').then((m) => m.discountResponse);
const orderViewResponse = () => import('../../../../contract/order-view.ts').then((m) => m.orderViewResponse);
const orderStatusResponse = () => import('../../../../contract/payment.ts').then((m) => m.orderStatusResponse);
const payResponse = () => import('../../../../contract/payment.ts').then((m) => m.payResponse);

export type BankChoice = { id: number; name: string; type: number };

const askOrder = (hash: string, lang: string, signal?: AbortSignal): Promise<OrderView> =>
  apiPost('/api/order/view', { hash, lang }, orderViewResponse, { signal });

/**
 * The order's reserve time counts from its answer, and the page's deadline from the query's
 * update (order-content.tsx): an answer taken a moment after it came gives that moment back.
 */
export function ageOrderView(view: OrderView, ms: number): OrderView {
  return view.reserveTime > 0 ? { ...view, reserveTime: Math.max(0, view.reserveTime - ms / 1000) } : view;
}

// The page's first render comes within BOOT_WAIT_MS (3 s, web/app/main.tsx) of the boot once
// its code is there; an answer older than this is not taken (the order may have changed).
const BOOT_FRESH_MS = 10_000;

const boot = createBootRequest([routePatterns.order, routePatterns.orderLegacy], askOrder, BOOT_FRESH_MS, {
  // /order/{hash}, or the older /{lang}/order/view/{hash} of integration mode.
  hashOf: (pathname) => pathname.split('/').filter(Boolean).at(-1) ?? '',
  accepts: isOrderHash,
  age: ageOrderView,
});

/**
 * Starts POST /api/order/view for the order page being opened, at boot, beside GET /api/setup
 * instead of after it (web/lib/boot-request.ts, as the event and scheme pages do).
 */
export const requestOrderAtBoot = boot.start;

/** POST /api/order/view, keyed by hash and language; the first query takes the boot's answer. */
export function orderQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['order', hash, lang],
    queryFn: ({ signal }) => boot.take(hash, lang) ?? askOrder(hash, lang, signal),
    // A business error (the order is gone) is the answer; do not retry it.
    retry: false,
  });
}

export type OfferChoice = { uid: string; parent_id: number; package_id: number; price_id: number; cost: number };

export const addOffers = (hash: string, lang: Lang, data: OfferChoice[]) =>
  apiPost('/api/order/add-special-offer', { hash, lang, data }, businessResult);

export const removeOffer = (hash: string, lang: Lang, id: number) =>
  apiPost('/api/order/remove-special-offer', { hash, lang, id }, businessResult);

export const applyDiscount = (
  hash: string,
  lang: Lang,
  body: { promoCode?: string; cardCode?: string; cardProof?: string; bonuses?: number },
) => apiPost('/api/order/discount', { hash, lang, ...body }, discountResponse);

export const cancelDiscount = (hash: string, lang: Lang, what: 'promo' | 'bonuses' | 'all') =>
  apiPost('/api/order/discount/cancel', { hash, lang, what }, businessResult);

/** The payment call goes to the order's url_pay. */
export const payOrder = (urlPay: string, hash: string, lang: Lang, bank: BankChoice) =>
  apiPost(urlPay, { hash, lang, bank_data: bank }, payResponse);

export const orderPayState = (hash: string) => apiPost('/api/order/status', { hash }, orderStatusResponse);

const selfExchangeOptionsResponse = () => import('../../../../contract/self-exchange.ts').then((m) => m.selfExchangeOptionsResponse);
const selfExchangeQuoteResponse = () => import('../../../../contract/self-exchange.ts').then((m) => m.selfExchangeQuoteResponse);
const selfExchangeResponse = () => import('../../../../contract/self-exchange.ts').then((m) => m.selfExchangeResponse);

/** What the buyer may exchange (contract/self-exchange.ts): the tickets, the deadline, the sessions, or why not. */
export function exchangeOptionsQuery(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['order', hash, lang, 'exchange-options'],
    queryFn: ({ signal }): Promise<SelfExchangeOptions> =>
      apiPost('/api/order/exchange-options', { hash, lang }, selfExchangeOptionsResponse, { signal }),
    retry: false,
  });
}

/** The tickets given up and their new places: a price each, and a seat of the hall on a seated event (contract/self-exchange.ts). */
export type ExchangeChoice = Omit<SelfExchangeQuoteRequest, 'hash' | 'lang'>;

export const quoteExchange = (hash: string, lang: Lang, choice: ExchangeChoice, signal?: AbortSignal): Promise<SelfExchangeQuote> =>
  apiPost('/api/order/exchange-quote', { hash, lang, ...choice }, selfExchangeQuoteResponse, { signal });

export const makeExchange = (hash: string, lang: Lang, choice: ExchangeChoice, expectedDifference: number): Promise<SelfExchangeResult> =>
  apiPost('/api/order/exchange', { hash, lang, ...choice, expectedDifference }, selfExchangeResponse);
