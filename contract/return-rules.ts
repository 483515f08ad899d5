/**
 * Return rules both the server and the return screen apply. Zod-free, so the return screen's
 * first load imports it.
 */
import { ReturnStatus } from './order-status.ts';

/**
 * Whether an attached service goes back with a return of the `leaving` tickets: it is not
 * returned yet, and every ticket it depends on (`ticketIds`: one for a seat-tied service, every
 * ticket of its line otherwise) leaves now or has left already (returned or requested), at least
 * one of them now. A line's service therefore goes back with the line's last ticket.
 */
export function serviceGoesBack(
  service: { status: number; ticketIds: readonly number[] },
  leaving: ReadonlySet<number>,
  ticketStatus: ReadonlyMap<number, number>,
): boolean {
  return (
    service.status === ReturnStatus.returnable &&
    service.ticketIds.some((id) => leaving.has(id)) &&
    service.ticketIds.every((id) => leaving.has(id) || ticketStatus.get(id) !== ReturnStatus.returnable)
  );
}
