import { z } from 'zod';

/** GET /api/admin/registry/reports: reports to the Pushkin-card registry whose last attempt failed or that it refused. */
export const failingReport = z.object({
  id: z.number().int(),
  kind: z.enum(['ticket', 'visit', 'refund']),
  ticketCode: z.string().nullable(),
  orderNumber: z.number().int(),
  event: z.string(),
  attempts: z.number().int(),
  /** When the next attempt is due; null once the registry refused the report for good. */
  nextAttemptAt: z.string().nullable(),
  /** The registry refused the report (its 400 {code, description}): it is not sent again. */
  refusedAt: z.string().nullable(),
  /** The reason: the registry's code and description, or why it could not be reached. */
  lastError: z.string(),
  createdAt: z.string(),
});
export type FailingReport = z.infer<typeof failingReport>;

export const failingReportsResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  /** Whether REGISTRY_URL, REGISTRY_KEY and REGISTRY_ORG_ID are set; without them nothing is sent. */
  configured: z.boolean(),
  /** Reports not yet accepted, failing or not. */
  unsent: z.number().int(),
  reports: z.array(failingReport),
});
export type FailingReportsResponse = z.infer<typeof failingReportsResponse>;
