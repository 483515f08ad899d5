import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { completePaidOrder } from '../tickets/order-paid.ts';
import { type PaymentsService, createPaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './provider.ts';
import { type SandboxBank, createSandboxBank, sandboxKey } from './sandbox/sandbox-bank.ts';
import { SANDBOX, createSandboxProvider } from './sandbox/sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service, for the background jobs of server/main.ts (refund retries). */
    payments: PaymentsService;
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
export function createPaymentsStack(app: FastifyInstance, config: Config, deps: { db: Db; secret: string; now: () => number; setup: Pick<SetupService, 'resolveServedSetup'> }) {
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
  const payments = createPaymentsService({
    db: deps.db,
    now: deps.now,
    providers,
    hooks: {
      // The setup is read through the payment's own transaction (PGlite has one connection); a
      // broken SETUP_FILE edit falls back to the last valid setup rather than fail the payment.
      onPaid: async (tx, orderId, at) => {
        const setup = await deps.setup.resolveServedSetup(tx);
        return completePaidOrder(tx, orderId, at, baseUrl, { integration: setup.is_integration === 1, currency: setup.app.currency });
      },
    },
    log: app.log,
  });
  app.decorate('payments', payments);
  return { payments, providers, bank };
}
