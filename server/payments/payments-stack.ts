import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { completePaidOrder } from '../tickets/order-paid.ts';
import { completePaidExchange } from '../admin/order-exchange/exchange-payment.ts';
import { type PaymentsService, createPaymentsService } from './payments.service.ts';
import { assignMethodProvider, disableSandboxRedirect } from './acquirers.repository.ts';
import type { PaymentProvider } from './provider.ts';
import { takeHit } from '../security/rate-limits.ts';
import { type ClosingReceiptsService, createClosingReceiptsService } from '../receipts/closing-receipts.service.ts';
import { type ReceiptSettings, createReceiptSource, saleLineCount } from './receipt.ts';
import { createTbankProvider } from './tbank/tbank-provider.ts';
import { createYookassaProvider } from './yookassa/yookassa-provider.ts';
import { type SandboxBank, createSandboxBank, sandboxKey } from './sandbox/sandbox-bank.ts';
import { SANDBOX, createSandboxProvider } from './sandbox/sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service, for the background jobs of server/main.ts (refund retries). */
    payments: PaymentsService;
    /** The acquirers by provider id, for the registry's sender (reading an RRN back). */
    paymentProviders: ReadonlyMap<string, PaymentProvider>;
    /** Closing receipts of prepaid tickets, for the closing-receipts job; undefined with the sandbox alone. */
    closingReceipts: ClosingReceiptsService | undefined;
  }
}

/** The storefront's public address for links in e-mails. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

/**
 * Builds the payment providers (the sandbox acquirer by default) and the payments service.
 * The sandbox bank posts its notifications through the app's own HTTP stack (inject), the same
 * route, signature check and idempotence a real acquirer's callback goes through.
 */
export function createPaymentsStack(
  app: FastifyInstance,
  config: Config,
  deps: { db: Db; secret: string; now: () => number; setup: Pick<SetupService, 'resolveServedSetup'>; timeZone: string },
) {
  const bank: SandboxBank = createSandboxBank({
    db: deps.db,
    key: sandboxKey(deps.secret),
    now: deps.now,
    async deliver(notification) {
      const response = await app.inject({ method: 'POST', url: `/payments/notify/${SANDBOX}`, payload: notification });
      return response.statusCode === 200;
    },
  });
  const providers = new Map<string, PaymentProvider>([[SANDBOX, createSandboxProvider(bank)]]);
  const baseUrl = publicBaseUrl(config);
  const receiptSettings = receiptSettingsOf(config, deps.timeZone);
  for (const provider of realAcquirers(config, deps.db, baseUrl, receiptSettings, deps.now)) providers.set(provider.id, provider);
  const payments = createPaymentsService({
    db: deps.db,
    now: deps.now,
    providers,
    hooks: {
      // The setup is read through the payment's own transaction (PGlite has one connection); a
      // broken SETUP_FILE edit falls back to the last valid setup rather than fail the payment.
      onPaid: async (tx, orderId, at) => {
        const setup = await deps.setup.resolveServedSetup(tx);
        return completePaidOrder(tx, orderId, at, baseUrl, {
          integration: setup.is_integration === 1,
          currency: setup.app.currency,
          timeZone: deps.timeZone,
        });
      },
      onExchangePaid: async (tx, exchangeId, _amount, at) => {
        const setup = await deps.setup.resolveServedSetup(tx);
        return completePaidExchange(tx, exchangeId, at, { publicUrl: baseUrl, setup, timeZone: deps.timeZone });
      },
    },
    receiptLines: receiptSettings ? (tx, orderId, amount) => saleLineCount(tx, orderId, amount, receiptSettings) : undefined,
    log: app.log,
  });
  app.decorate('payments', payments);
  app.decorate('paymentProviders', providers);
  // Only a real acquirer makes fiscal receipts; with the sandbox alone there is nothing to close.
  const closingReceipts =
    receiptSettings && [...providers.values()].some((p) => p.sendClosingReceipt)
      ? createClosingReceiptsService({
          db: deps.db,
          now: deps.now,
          providers,
          settings: receiptSettings,
          timeoutMs: config.acquirers?.timeoutMs ?? 15_000,
        })
      : undefined;
  app.decorate('closingReceipts', closingReceipts);
  return { payments, providers, bank, receiptSettings, closingReceipts, assignMethods: () => assignMethods(deps.db, config) };
}

/** The fiscal receipts' settings, when a real acquirer is configured (the sandbox makes no receipts). */
export function receiptSettingsOf(config: Pick<Config, 'acquirers'>, timeZone: string): ReceiptSettings | undefined {
  return config.acquirers ? { ...config.acquirers.receipt, timeZone } : undefined;
}

/** The provider id serving each payment type under the configuration. */
export function methodProviders(config: Pick<Config, 'acquirers'>): { card: string; qr: string; pushkin: string } {
  const a = config.acquirers;
  if (!a) return { card: SANDBOX, qr: SANDBOX, pushkin: SANDBOX };
  return { card: a.card, qr: a.qr, pushkin: a.pushkin === SANDBOX ? SANDBOX : `${a.pushkin}-pushkin` };
}

/** Every provider id our code can build, so a method a venue pointed at something else is never moved. */
const BUILT_IN = [SANDBOX, 'tbank', 'tbank-pushkin', 'yookassa', 'yookassa-pushkin'];

/** Points the payment methods at the configured acquirers (at start, before the first request). */
async function assignMethods(db: Db, config: Config): Promise<void> {
  const chosen = methodProviders(config);
  for (const kind of ['card', 'qr', 'pushkin'] as const) await assignMethodProvider(db, kind, chosen[kind], BUILT_IN);
  if (chosen.card !== SANDBOX) await disableSandboxRedirect(db);
}

/** The configured T-Bank terminals and YooKassa shops, each a provider of its own. */
/**
 * Read-backs an unsigned webhook may cause: per payment a few (a genuine one comes once per
 * status, and repeats only while unanswered), per sender enough for a busy sale.
 */
export const READ_BACK_LIMITS = { perPayment: 5, perAddress: 120, windowMs: 10 * 60_000 } as const;

function realAcquirers(
  config: Config,
  db: Db,
  baseUrl: string,
  settings: ReceiptSettings | undefined,
  now: () => number,
): PaymentProvider[] {
  const a = config.acquirers;
  if (!a || !settings) return [];
  const receipts = createReceiptSource(db, settings, now);
  const chosen = methodProviders(config);
  const used = new Set([chosen.card, chosen.qr, chosen.pushkin]);
  const out: PaymentProvider[] = [];
  const { perPayment, perAddress, windowMs } = READ_BACK_LIMITS;
  const allowReadBack = async (paymentRef: string, ip: string) => {
    const at = new Date(now());
    return (
      (await takeHit(db, 'yookassa-read-back-address', ip, perAddress, windowMs, at)) &&
      takeHit(db, 'yookassa-read-back-payment', paymentRef, perPayment, windowMs, at)
    );
  };
  const tbank = (id: string, credentials: { terminalKey: string; password: string } | undefined) => {
    if (used.has(id) && credentials) {
      out.push(
        createTbankProvider({
          id,
          ...credentials,
          apiUrl: a.tbankApiUrl,
          notificationUrl: `${baseUrl}/payments/notify/${id}`,
          timeoutMs: a.timeoutMs,
          receipts,
          now,
        }),
      );
    }
  };
  const yookassa = (id: string, credentials: { shopId: string; secretKey: string } | undefined) => {
    if (used.has(id) && credentials) {
      out.push(
        createYookassaProvider({
          id,
          ...credentials,
          apiUrl: a.yookassaApiUrl,
          timeoutMs: a.timeoutMs,
          receipts,
          sbpConfirmation: a.yookassaSbpConfirmation,
          ...(a.yookassaRetryDelayMs === undefined ? {} : { retryDelayMs: a.yookassaRetryDelayMs }),
          allowReadBack,
        }),
      );
    }
  };
  tbank('tbank', a.tbank);
  tbank('tbank-pushkin', a.tbankPushkin);
  yookassa('yookassa', a.yookassa);
  yookassa('yookassa-pushkin', a.yookassaPushkin);
  return out;
}

/** The origins of the configured acquirers' payment pages, for the page's form-action and frame-src. */
export function acquirerOrigins(config: Pick<Config, 'acquirers'>): string[] {
  const chosen = Object.values(methodProviders(config));
  const a = config.acquirers;
  const origins = new Set<string>();
  if (chosen.some((id) => id.startsWith('tbank'))) {
    // T-Bank's reference gives PaymentURL on the API's own host, securepay.tinkoff.ru.
    origins.add(new URL(a?.tbankApiUrl ?? 'https://securepay.tinkoff.ru/').origin);
  }
  if (chosen.some((id) => id.startsWith('yookassa'))) {
    // UNVERIFIED: every confirmation_url seen is on yoomoney.ru, but YooKassa promises no host.
    const api = new URL(a?.yookassaApiUrl ?? 'https://api.yookassa.ru/');
    origins.add(api.hostname === 'api.yookassa.ru' ? 'https://yoomoney.ru' : api.origin);
  }
  return [...origins];
}
