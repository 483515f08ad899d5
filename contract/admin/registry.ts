import { z } from 'zod';

/** GET /api/admin/registry/reports: reports to the Pushkin-card registry whose last attempt failed. */
export const failingReport = z.object({
  id: z.number().int(),
  kind: z.enum(['ticket', 'visit', 'refund']),
  ticketCode: z.string().nullable(),
  orderNumber: z.number().int(),
  event: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
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
