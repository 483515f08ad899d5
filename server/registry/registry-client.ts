import type { ClaimedReport } from './registry.repository.ts';

/** Where and as whom reports go (REGISTRY_URL, REGISTRY_KEY, REGISTRY_ORG_ID). */
export type RegistryConfig = { url: string; key: string; organizationId: string };

/**
 * What became of one report:
 * - `sent`: the registry holds it (a ticket keeps the registry's id, or was found by its barcode
 *   without one);
 * - `retry`: not now (the registry down or slow, a 5xx, the key refused, the catalog lacking the
 *   event's id): tried again with backoff; `uncertain` when a POST may have been accepted;
 * - `refused`: the registry said no with a 4xx that sending the same again cannot change (its
 *   400 {code, description}): final, shown to staff with the registry's words.
 */
export type SendOutcome =
  | { kind: 'sent'; registryTicketId: string | null; byBarcode?: boolean }
  | { kind: 'retry'; error: string; uncertain?: boolean }
  | { kind: 'refused'; error: string };

/** A registry that does not answer within this is treated as down; the report is tried again later. */
export const REGISTRY_TIMEOUT_MS = 10_000;

type Answer = { status: number; text: string } | { failed: string };

/**
 * Sends one queued report to the registry's API (POST /tickets, PUT /tickets/{id}/visit,
 * PUT /tickets/{id}/refund, Bearer auth; GET /events/{event_id}/tickets/{barcode} to read a ticket
 * back by its barcode). Never throws.
 */
export async function sendReport(config: RegistryConfig, report: ClaimedReport, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const base = config.url.replace(/\/+$/, '');
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> => {
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.key}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text().catch(() => '') };
    } catch (error) {
      return { failed: `the registry could not be reached: ${error instanceof Error ? error.message : String(error)}` };
    }
  };

  const ticket = (report.kind === 'ticket' ? report.payload : (report.ticket_payload ?? {})) as Record<string, unknown>;
  const session = (ticket.session ?? {}) as Record<string, unknown>;
  const eventId = typeof session.event_id === 'string' ? session.event_id : '';
  const barcode = typeof ticket.barcode === 'string' ? ticket.barcode : '';
  const byBarcodePath = `/events/${encodeURIComponent(eventId)}/tickets/${encodeURIComponent(barcode)}`;

  if (report.kind === 'ticket') {
    // Checked here rather than by a refusal: a missing id is the venue's to fix in the catalog.
    if (!eventId) return { kind: 'retry', error: "the event has no registry id (the catalog's registryEventId)" };
    if (report.post_uncertain) {
      // An earlier POST's answer was lost: the registry may hold the ticket already.
      const found = await call('GET', byBarcodePath);
      if ('failed' in found) return { kind: 'retry', error: found.failed, uncertain: true };
      if (found.status === 200) {
        const id = parseId(found.text);
        return { kind: 'sent', registryTicketId: id, byBarcode: id === null };
      }
      // Only a plain "no such ticket" lets the POST go again; anything else waits.
      if (found.status !== 400 && found.status !== 404)
        return { kind: 'retry', error: `reading back: ${describe(found)}`, uncertain: true };
    }
    const answer = await call('POST', '/tickets', { ...report.payload, session: { ...session, organization_id: config.organizationId } });
    if ('failed' in answer) return { kind: 'retry', error: answer.failed, uncertain: true };
    if (answer.status >= 200 && answer.status < 300) {
      const id = parseId(answer.text);
      // Accepted without an id to keep: read back by barcode next time, never posted blindly again.
      return id
        ? { kind: 'sent', registryTicketId: id }
        : { kind: 'retry', error: `HTTP ${answer.status} without the ticket's id`, uncertain: true };
    }
    return classify(answer, answer.status >= 500 || answer.status === 408);
  }

  const action = report.kind;
  let path: string;
  if (report.registry_ticket_id) path = `/tickets/${encodeURIComponent(report.registry_ticket_id)}/${action}`;
  else if (action === 'visit' && report.registered_by_barcode && eventId && barcode) path = `${byBarcodePath}/visit`;
  else if (report.registered_by_barcode) {
    return {
      kind: 'refused',
      error: 'the registry holds the ticket but gave no id, and a refund is addressed by id: record it in PRO.Культура by hand',
    };
  } else return { kind: 'retry', error: 'the ticket has no registry id yet' };
  const answer = await call('PUT', path, report.payload);
  if ('failed' in answer) return { kind: 'retry', error: answer.failed };
  if (answer.status >= 200 && answer.status < 300) return { kind: 'sent', registryTicketId: null };
  // A repeat of a change whose answer was lost is refused as done already: read the ticket back.
  if (answer.status === 400 && report.registry_ticket_id) {
    const back = await call('GET', `/tickets/${encodeURIComponent(report.registry_ticket_id)}`);
    if (!('failed' in back) && back.status === 200 && parseStatus(back.text) === (action === 'visit' ? 'visited' : 'refunded')) {
      return { kind: 'sent', registryTicketId: null };
    }
  }
  return classify(answer, false);
}

/**
 * A failed answer: 5xx, 408 and 429 are the registry's trouble and 401/403 a key to fix, so they
 * are tried again; any other 4xx (the documented 400 {code, description}) is the registry's final
 * word on this report.
 */
function classify(answer: { status: number; text: string }, uncertain: boolean): SendOutcome {
  const error = describe(answer);
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429 || answer.status === 401 || answer.status === 403) {
    return { kind: 'retry', error, uncertain };
  }
  if (answer.status >= 400) return { kind: 'refused', error };
  return { kind: 'retry', error, uncertain };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parseId(text: string): string | null {
  const id = parseJson(text)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : null;
}

function parseStatus(text: string): string | null {
  const status = parseJson(text)?.status;
  return typeof status === 'string' ? status : null;
}

/** "HTTP 400: {code} {description}", or the start of whatever else the registry answered. */
function describe(answer: { status: number; text: string }): string {
  const value = parseJson(answer.text);
  if (value && (value.code !== undefined || value.description !== undefined)) {
    return `HTTP ${answer.status}: ${`${String(value.code ?? '')} ${String(value.description ?? '')}`.trim()}`;
  }
  // Not JSON: a proxy's page, say.
  return `HTTP ${answer.status}: ${answer.text.slice(0, 200) || 'no body'}`;
}
