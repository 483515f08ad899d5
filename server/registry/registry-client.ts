import type { ClaimedReport } from './registry.repository.ts';

/** Where and as whom reports go (REGISTRY_URL, REGISTRY_KEY, REGISTRY_ORG_ID). */
export type RegistryConfig = { url: string; key: string; organizationId: string };

export type SendOutcome = { ok: true; registryTicketId: string | null } | { ok: false; error: string };

/** A registry that does not answer within this is treated as down; the report is tried again later. */
export const REGISTRY_TIMEOUT_MS = 10_000;

/**
 * Sends one queued report to the registry's API (POST /tickets, PUT /tickets/{id}/visit,
 * PUT /tickets/{id}/refund, Bearer auth). Never throws: every failure is an outcome to retry.
 */
export async function sendReport(config: RegistryConfig, report: ClaimedReport, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const base = config.url.replace(/\/+$/, '');
  let method: 'POST' | 'PUT';
  let url: string;
  let body: unknown;
  if (report.kind === 'ticket') {
    const session = (report.payload.session ?? {}) as Record<string, unknown>;
    // Checked here rather than by a refusal: a missing id is the venue's to fix in the catalog.
    if (!session.event_id) return { ok: false, error: "the event has no registry id (the catalog's registryEventId)" };
    method = 'POST';
    url = `${base}/tickets`;
    body = { ...report.payload, session: { ...session, organization_id: config.organizationId } };
  } else {
    if (!report.registry_ticket_id) return { ok: false, error: 'the ticket has no registry id yet' };
    method = 'PUT';
    url = `${base}/tickets/${encodeURIComponent(report.registry_ticket_id)}/${report.kind}`;
    body = report.payload;
  }
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: { authorization: `Bearer ${config.key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, error: `the registry could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return { ok: false, error: `HTTP ${response.status}: ${describeError(text)}` };
  if (report.kind !== 'ticket') return { ok: true, registryTicketId: null };
  const id = parseId(text);
  return id ? { ok: true, registryTicketId: id } : { ok: false, error: `HTTP ${response.status} without the ticket's id` };
}

function parseId(text: string): string | null {
  try {
    const value = JSON.parse(text) as { id?: unknown };
    return typeof value.id === 'string' && value.id.length > 0 && value.id.length <= 100 ? value.id : null;
  } catch {
    return null;
  }
}

/** The registry's `{code, description}`, or the start of whatever else it answered. */
function describeError(text: string): string {
  try {
    const value = JSON.parse(text) as { code?: unknown; description?: unknown };
    if (value.code !== undefined || value.description !== undefined) return `${String(value.code ?? '')} ${String(value.description ?? '')}`.trim();
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return text.slice(0, 200) || 'no body';
}
