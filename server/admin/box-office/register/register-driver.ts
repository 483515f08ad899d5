import type { Receipt } from '../../../payments/receipt-model.ts';

/**
 * The desk's cash register seen from the server: a driver only turns a fiscal document into the
 * request its vendor's local service takes. The server never calls the register (it sits on the
 * cashier's computer); the cashier's page relays the request and reports the result
 * (docs/box-office.md). ATOL's driver web server is the first driver; another vendor (Shtrikh-M
 * through kkmserver) is one more implementation of this type and of the page's relay.
 */

export type DeskMoneyMethod = 'cash' | 'card' | 'pushkin';

/** Who makes the document: the register prints the cashier's name (54-FZ tag 1021) and, when known, their tax number (1203). */
export type RegisterOperator = { name: string; vatin?: string | undefined };

/** What a register is asked to make. Receipts come from the one receipt model; the money is the desk's. */
export type DeskDocument =
  | {
      kind: 'sell' | 'sellReturn';
      receipt: Receipt;
      payments: readonly { method: DeskMoneyMethod; amount: number }[];
      operator: RegisterOperator;
    }
  | { kind: 'openShift' | 'closeShift' | 'reportX'; operator: RegisterOperator }
  | { kind: 'cashIn' | 'cashOut'; amount: number; operator: RegisterOperator };

export type DeskDocumentKind = DeskDocument['kind'] | 'sellCorrection' | 'sellReturnCorrection';

/**
 * A correction receipt's grounds (54-FZ tags 1173, 1178, 1179): made on the venue's own initiative
 * (`self`) or by the tax authority's instruction (`instruction`); the day of the settlement being
 * corrected (FFD 1.2) or of the document it rests on (FFD 1.05), as YYYY-MM-DD; the number of that
 * document (the instruction's number; under FFD 1.05 also the venue's own act), '' when none.
 */
export type ReceiptCorrection = { type: 'self' | 'instruction'; baseDate: string; baseNumber: string };

export type RegisterDriver = {
  /** Stored with each task, so the page knows how to relay it. */
  id: string;
  /** The body of the driver's task for one document (without the task's envelope and uuid). */
  request(document: DeskDocument): Record<string, unknown>;
  /**
   * The correction receipt of a sale or refund receipt the register refused: the same settlement
   * (the refused task's items, payments and total, as this driver built them) as the driver's
   * correction task, made by `operator`.
   */
  correction(
    refused: { kind: 'sell' | 'sellReturn'; request: Record<string, unknown> },
    correction: ReceiptCorrection,
    operator: RegisterOperator,
    ffd: '1.05' | '1.2',
  ): Record<string, unknown>;
};
