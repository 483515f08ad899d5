import type { Quantities } from './order-rules.ts';

/**
 * The ticket choice carried across a language switch. The page starts afresh in the new language
 * (its texts and prices come again from the server), and the visitor's tickets go with it: the
 * choice of the same event and session is taken up when the page mounts in another language. An
 * order placed from the page clears it, so a choice already held in an order never comes back.
 */
export type CarriedChoice = {
  hash: string;
  lang: string;
  session: string;
  pushkin: boolean;
  subscriptionMode: boolean;
  groupMode: boolean;
  quantities: Quantities;
};

let carried: CarriedChoice | undefined;

export function keepChoice(choice: CarriedChoice | undefined): void {
  carried = choice;
}

/** The choice this page left in another language, for the same event and session. */
export function carriedChoice(hash: string, lang: string, session: string | undefined): CarriedChoice | undefined {
  if (!carried || session === undefined) return undefined;
  return carried.hash === hash && carried.lang !== lang && carried.session === session ? carried : undefined;
}
