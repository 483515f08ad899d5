import type { AcquirersConfig } from '../../config.ts';
import { callAcquirer } from '../acquirer-http.ts';
import { ProviderError } from '../provider.ts';

/**
 * The RRN of a YooKassa refund, for the Pushkin-card registry's refund_rrn: YooKassa's refund
 * object carries `refund_authorization_details.rrn` once the bank has authorised the refund (its
 * SDKs' RefundAuthorizationDetails). Read with `GET /v3/refunds/{id}`; null when it has none.
 * Throws ProviderError when YooKassa cannot be asked. Kept apart from the adapter's payment flow.
 */
export async function yookassaRefundRrn(
  shop: { shopId: string; secretKey: string; apiUrl: string; timeoutMs: number },
  refundId: string,
): Promise<string | null> {
  if (!/^[\w-]{1,64}$/.test(refundId)) return null;
  const { status, body } = await callAcquirer(new URL(`refunds/${refundId}`, shop.apiUrl).toString(), {
    method: 'GET',
    headers: { authorization: `Basic ${Buffer.from(`${shop.shopId}:${shop.secretKey}`).toString('base64')}` },
    timeoutMs: shop.timeoutMs,
  });
  if (status === 404) return null;
  if (status !== 200) throw new ProviderError(`YooKassa GET refunds: HTTP ${status} ${String(body.code ?? '')}`);
  const rrn = (body.refund_authorization_details as { rrn?: unknown } | undefined)?.rrn;
  return typeof rrn === 'string' && rrn !== '' ? rrn : null;
}

/** The refund RRN reader for the configured YooKassa shops, by provider id; null for other acquirers. */
export function yookassaRefundRrnReader(acquirers: AcquirersConfig | undefined) {
  const shops = new Map<string, { shopId: string; secretKey: string }>();
  if (acquirers?.yookassa) shops.set('yookassa', acquirers.yookassa);
  if (acquirers?.yookassaPushkin) shops.set('yookassa-pushkin', acquirers.yookassaPushkin);
  return async (refund: { provider: string; refundRef: string }): Promise<string | null> => {
    const shop = shops.get(refund.provider);
    if (!shop || !acquirers) return null;
    return yookassaRefundRrn({ ...shop, apiUrl: acquirers.yookassaApiUrl, timeoutMs: acquirers.timeoutMs }, refund.refundRef);
  };
}
