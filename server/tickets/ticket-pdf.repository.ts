import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';

/** The cached PDF of an order's tickets in a language, if it was drawn from this version. */
export async function findCachedPdf(db: Queryable, orderId: number, lang: string, version: string): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ pdf: Uint8Array }>('select pdf from ticket_pdfs where order_id = $1 and lang = $2 and version = $3', [
    orderId,
    lang,
    version,
  ]);
  const pdf = rows[0]?.pdf;
  return pdf ? Buffer.from(pdf) : undefined;
}

/** Keeps one PDF per order and language: a new version replaces the old. */
export async function storeCachedPdf(db: Queryable, orderId: number, lang: string, version: string, pdf: Buffer, at: Date): Promise<void> {
  await db.query(
    `insert into ticket_pdfs (order_id, lang, version, pdf, created_at) values ($1, $2, $3, $4, $5)
     on conflict (order_id, lang) do update set version = excluded.version, pdf = excluded.pdf, created_at = excluded.created_at`,
    [orderId, lang, version, pdf, at],
  );
}

/** The posters (localized image addresses) of these events. */
export async function findEventPosters(db: Queryable, eventIds: readonly number[]): Promise<Map<number, Record<string, string>>> {
  if (eventIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; image_url: Record<string, string> }>(
    'select id, image_url from events where id = any($1::int[])',
    [[...eventIds]],
  );
  return new Map(rows.map((r) => [r.id, r.image_url]));
}

/** The order a storefront visitor names by its hash, when it is paid: its id and language. */
export async function findPaidOrderByHash(db: Queryable, hash: string): Promise<{ id: number; number: number; lang: string } | undefined> {
  const { rows } = await db.query<{ id: number; number: number; lang: string }>(
    `select id, number, lang from orders where hash = $1 and status = ${OrderStatus.paid}`,
    [hash],
  );
  return rows[0];
}
