import type { Db } from '../db/client.ts';
import { type RegistryConfig, REGISTRY_TIMEOUT_MS, sendReport } from './registry-client.ts';
import {
  type ClaimedReport,
  claimDueReports,
  findTicketPayment,
  findTicketRefund,
  markReportFailed,
  markReportRefused,
  markReportSent,
  savePaymentRrn,
} from './registry.repository.ts';

/** The first retry after 30 s, then doubling, at most every 6 hours: an outage of a day costs a few calls per report. */
export function registryBackoffMs(attempts: number): number {
  const base = 30_000 * 2 ** Math.max(0, attempts - 1);
  return Math.min(base, 6 * 3600_000);
}

/** A claim outlasts the longest send of a whole batch, so no other instance takes a report being sent. */
const BATCH = 20;
const LEASE_MS = BATCH * (2 * REGISTRY_TIMEOUT_MS) + 60_000;

/**
 * Asks the acquirer for a card payment's RRN (retrieval reference number): null when it has none
 * to give; throws when it cannot be asked. Built from the payment providers (server/start.ts).
 */
export type RrnReader = (payment: { provider: string; providerRef: string; merchantRef: string }) => Promise<string | null>;

/** A ticket report waits this many attempts for an acquirer that cannot be asked for the RRN, then goes without it. */
export const RRN_ATTEMPTS = 4;

/**
 * The RRN of a ticket report's payment when the payment got none when it was paid (T-Bank gives it
 * only through CheckOrder, which may have failed then): read back from the acquirer and kept on
 * the payment. Answers the payload to send (with the RRN when there is one), or a reason to wait.
 */
async function withRrn(
  db: Db,
  report: ClaimedReport,
  readRrn: RrnReader | undefined,
): Promise<{ payload: Record<string, unknown> } | { wait: string }> {
  const payment = (report.payload.payment ?? {}) as Record<string, unknown>;
  if (typeof payment.rrn === 'string' || !readRrn) return { payload: report.payload };
  const row = await findTicketPayment(db, report.ticket_id);
  if (!row) return { payload: report.payload };
  let rrn = row.rrn;
  if (!rrn && row.provider_ref) {
    try {
      rrn = await readRrn({ provider: row.provider, providerRef: row.provider_ref, merchantRef: row.public_id });
    } catch (error) {
      if (report.attempts < RRN_ATTEMPTS)
        return { wait: `the acquirer could not be asked for the payment's RRN: ${error instanceof Error ? error.message : String(error)}` };
      rrn = null;
    }
    if (rrn) await savePaymentRrn(db, row.id, rrn);
  }
  return { payload: rrn ? { ...report.payload, payment: { ...payment, rrn } } : report.payload };
}

/** Asks the acquirer for a refund's RRN (null: it gives none); throws when it cannot be asked. */
export type RefundRrnReader = (refund: { provider: string; refundRef: string }) => Promise<string | null>;

/**
 * The refund's RRN for refund_rrn where the acquirer gives one (YooKassa, once the refund is done):
 * a refund still with the acquirer, or an acquirer that cannot be asked, delays the report for a
 * few attempts, then it goes without.
 */
async function withRefundRrn(
  db: Db,
  report: ClaimedReport,
  read: RefundRrnReader | undefined,
): Promise<{ payload: Record<string, unknown> } | { wait: string }> {
  if (typeof report.payload.refund_rrn === 'string' || !read) return { payload: report.payload };
  const refund = await findTicketRefund(db, report.ticket_id);
  if (!refund) return { payload: report.payload };
  const patient = report.attempts < RRN_ATTEMPTS;
  if (refund.status === 'pending')
    return patient ? { wait: 'the refund is still with the acquirer (its RRN is sent with the report)' } : { payload: report.payload };
  if (refund.status !== 'done' || !refund.provider_ref) return { payload: report.payload };
  let rrn: string | null = null;
  try {
    rrn = await read({ provider: refund.provider, refundRef: refund.provider_ref });
  } catch (error) {
    if (patient)
      return { wait: `the acquirer could not be asked for the refund's RRN: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { payload: rrn ? { ...report.payload, refund_rrn: rrn } : report.payload };
}

/**
 * The registry's sender: claims due reports (safe on several instances), sends each outside any
 * transaction (an embedded database is not held while the registry answers), and records the
 * outcome: accepted, refused for good (listed for staff), or tried again later. A POST whose
 * answer was lost is read back by its barcode before it is sent again.
 */
export function createRegistrySender(deps: {
  db: Db;
  config: RegistryConfig;
  now: () => number;
  fetch?: typeof fetch;
  readRrn?: RrnReader;
  readRefundRrn?: RefundRrnReader;
}) {
  return {
    /** One pass over the due reports; answers how many were sent, failed for now, and refused. */
    async run(): Promise<{ sent: number; failed: number; refused: number }> {
      let sent = 0;
      let failed = 0;
      let refused = 0;
      for (;;) {
        const now = new Date(deps.now());
        const claimed = await claimDueReports(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
        if (claimed.length === 0) break;
        for (const report of claimed) {
          let toSend = report;
          if (report.kind !== 'visit') {
            const prepared =
              report.kind === 'ticket'
                ? await withRrn(deps.db, report, deps.readRrn)
                : await withRefundRrn(deps.db, report, deps.readRefundRrn);
            if ('wait' in prepared) {
              await markReportFailed(
                deps.db,
                report.id,
                report.attempts,
                new Date(deps.now() + registryBackoffMs(report.attempts)),
                prepared.wait,
              );
              failed += 1;
              continue;
            }
            toSend = { ...report, payload: prepared.payload };
          }
          const outcome = await sendReport(deps.config, toSend, deps.fetch);
          const at = new Date(deps.now());
          if (outcome.kind === 'sent') {
            await markReportSent(deps.db, report.id, report.attempts, at, {
              registryTicketId: outcome.registryTicketId,
              byBarcode: outcome.byBarcode ?? false,
              ...(toSend.payload !== report.payload ? { payload: toSend.payload } : {}),
            });
            sent += 1;
          } else if (outcome.kind === 'refused') {
            await markReportRefused(deps.db, report.id, report.attempts, at, outcome.error);
            refused += 1;
          } else {
            await markReportFailed(
              deps.db,
              report.id,
              report.attempts,
              new Date(at.getTime() + registryBackoffMs(report.attempts)),
              outcome.error,
              outcome.uncertain ?? false,
            );
            failed += 1;
          }
        }
        // A ticket accepted in this pass makes its visit or refund due at once: claim again.
        if (claimed.length < BATCH && !claimed.some((r) => r.kind === 'ticket')) break;
        // Only outages in this pass: the rest waits for the next one rather than meeting the same outage.
        if (sent === 0 && refused === 0) break;
      }
      return { sent, failed, refused };
    },
  };
}

/** The RRN reader over the payment providers: a paid payment's RRN as its acquirer reports it now. */
export function rrnReaderOf(
  providers: ReadonlyMap<
    string,
    {
      checkStatus(p: { providerRef: string; merchantRef: string }): Promise<{ status: string; rrn?: string | null }>;
      rrnOf?(p: { providerRef: string; merchantRef: string }): Promise<string | null>;
    }
  >,
): RrnReader {
  return async (payment) => {
    const provider = providers.get(payment.provider);
    if (!provider) return null;
    const ref = { providerRef: payment.providerRef, merchantRef: payment.merchantRef };
    // An acquirer whose status carries no RRN (T-Bank: CheckOrder) is asked for it directly.
    if (provider.rrnOf) return (await provider.rrnOf(ref)) || null;
    const outcome = await provider.checkStatus(ref);
    return outcome.status === 'succeeded' && outcome.rrn ? outcome.rrn : null;
  };
}
