import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/common.ts';
import { apiPost } from '../../../lib/api.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const businessResult = () => import('../../../../contract/common.ts').then((m) => m.businessResult);
const discountResponse = () => import('../../../../contract/order-view.ts').then((m) => m.discountResponse);
const orderViewResponse = () => import('../../../../contract/order-view.ts').then((m) => m.orderViewResponse);
const orderStatusResponse = () => import('../../../../contract/payment.ts').then((m) => m.orderStatusResponse);
const payResponse = () => import('../../../../contract/payment.ts').then((m) => m.payResponse);

export type BankChoice = { id: number; name: string; type: number };

/** POST /api/order/view, keyed by hash and language. */
export function orderQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['order', hash, lang],
    queryFn: ({ signal }) => apiPost('/api/order/view', { hash, lang }, orderViewResponse, { signal }),
    // A business error (the order is gone) is the answer; do not retry it.
    retry: false,
  });
}

export type OfferChoice = { uid: string; parent_id: number; package_id: number; price_id: number; cost: number };

export const addOffers = (hash: string, lang: Lang, data: OfferChoice[]) =>
  apiPost('/api/order/add-special-offer', { hash, lang, data }, businessResult);

export const removeOffer = (hash: string, lang: Lang, id: number) => apiPost('/api/order/remove-special-offer', { hash, lang, id }, businessResult);

export const applyDiscount = (hash: string, lang: Lang, body: { promoCode?: string; cardCode?: string; bonuses?: number }) =>
  apiPost('/api/order/discount', { hash, lang, ...body }, discountResponse);

export const cancelDiscount = (hash: string, lang: Lang, what: 'promo' | 'bonuses' | 'all') =>
  apiPost('/api/order/discount/cancel', { hash, lang, what }, businessResult);

/** The payment call goes to the order's url_pay (spec section 7). */
export const payOrder = (urlPay: string, hash: string, lang: Lang, bank: BankChoice) =>
  apiPost(urlPay, { hash, lang, bank_data: bank }, payResponse);

export const orderPayState = (hash: string) => apiPost('/api/order/status', { hash }, orderStatusResponse);
