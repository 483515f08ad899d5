import type { CrmClient } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import { verifyCrmToken } from './crm-token.ts';
import { findActiveCrmClient, findCrmSubscriptions } from './crm.repository.ts';

/** Where a request carries the CRM token: the X-CRM-Token header, or the crm query parameter. */
export function crmTokenOf(request: { headers: Record<string, unknown>; query: unknown }): unknown {
  const header = request.headers['x-crm-token'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as { crm?: unknown } | undefined;
  return query?.crm;
}

/**
 * Identifies the venue's CRM client of a request by its signed token. With no CRM_SECRET
 * configured, nobody is identified: an unsigned id could be forged by anyone.
 */
export function createCrmService(deps: {
  db: Queryable;
  /** CRM_SECRET: the key the venue's CRM signs its tokens with; undefined identifies nobody. */
  secret: string | undefined;
  now: () => number;
}) {
  const { db, secret, now } = deps;
  return {
    /** The client id of a valid token, else undefined. */
    clientIdOf(token: unknown): number | undefined {
      return secret ? verifyCrmToken(secret, token, now()) : undefined;
    },
    /** The crm_client of setup for a valid token, else null. */
    async clientOf(token: unknown): Promise<CrmClient | null> {
      const id = this.clientIdOf(token);
      if (id === undefined) return null;
      const row = await findActiveCrmClient(db, id);
      if (!row) return null;
      const subscriptions = await findCrmSubscriptions(db, id);
      return {
        data: {
          id: row.id,
          typeId: row.type_id,
          typeName: row.type_name,
          cardCode: row.card_code,
          first_name: row.first_name,
          last_name: row.last_name,
          middle_name: row.middle_name,
          phone: row.phone,
          email: row.email,
        },
        subscriptions: subscriptions.map((s) => ({ hash_id: s.hash, quant: s.remaining })),
      };
    },
  };
}
export type CrmService = ReturnType<typeof createCrmService>;
