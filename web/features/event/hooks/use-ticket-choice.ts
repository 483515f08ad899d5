import { useState } from 'react';
import type { CalendarEntry, NoSchemeResponse, PriceEntry } from '../../../../contract/event.ts';
import {
  type Quantities,
  categoryStock,
  countOf,
  decrement,
  groupModeAvailable,
  increment,
  isGroupPrice,
  sessionPrices,
  ticketLimit,
  totals,
} from '../lib/order-rules.ts';
import type { CarriedChoice } from '../lib/choice-carry.ts';

/**
 * The ticket choice of the event page: payment method, subscription and group
 * modes, quantities per category within the session's limits.
 */
export function useTicketChoice(
  data: NoSchemeResponse,
  entry: CalendarEntry | undefined,
  initialSubscription: boolean,
  carried?: CarriedChoice,
) {
  const { action, ticketInfo } = data;
  const [pushkin, setPushkinState] = useState(carried?.pushkin ?? (action.usenopushkarta === 0 && action.usepushkarta === 1));
  const [subscriptionMode, setSubscriptionState] = useState(
    carried?.subscriptionMode ?? (initialSubscription && ticketInfo.subscription !== null),
  );
  const [groupMode, setGroupMode] = useState(carried?.groupMode ?? false);
  const [quantities, setQuantities] = useState<Quantities>(carried?.quantities ?? {});

  const all = sessionPrices(subscriptionMode ? data.ticketPrice : data.price, entry, pushkin);
  const ordinary = all.filter((p) => !isGroupPrice(p));
  const group = subscriptionMode ? [] : all.filter(isGroupPrice);
  const groupAvailable = groupModeAvailable(entry, group);
  const activeGroup = groupMode && groupAvailable;

  const limitFor = (e: CalendarEntry | undefined, usePushkin = pushkin, sub = subscriptionMode) =>
    ticketLimit({
      entry: e,
      demquantlimit: action.demquantlimit,
      subscriptionMode: sub,
      subscriptionQuant: ticketInfo.subscription?.quant ?? 0,
      pushkin: usePushkin,
    });
  const limit = limitFor(entry);
  const groupLimit = entry ? Math.min(entry.groupquant, action.grouplimit > 0 ? action.grouplimit : entry.groupquant) : 0;
  const chosen = countOf(quantities, ordinary);
  const groupChosen = activeGroup ? countOf(quantities, group) : 0;
  const counted = activeGroup ? [...ordinary, ...group] : ordinary;
  const sums = totals(quantities, counted);

  const reset = () => setQuantities({});

  /** Plus on a category; answers false when the order's limit is reached (the page then warns). */
  const plus = (price: PriceEntry): boolean => {
    const isGroup = isGroupPrice(price);
    const room = isGroup ? groupLimit - groupChosen : limit - chosen;
    const current = quantities[price.price_id] ?? 0;
    const next = increment(current, price, room, categoryStock(ticketInfo, entry, price.price_id));
    if (next === undefined) return false;
    setQuantities({ ...quantities, [price.price_id]: next });
    return true;
  };
  const minus = (price: PriceEntry) => {
    const next = { ...quantities, [price.price_id]: decrement(quantities[price.price_id] ?? 0, price) };
    // Group mode goes off when no ordinary ticket is left.
    setQuantities(next);
  };
  /** The most tickets of this price's kind (group or not) the order may hold now. */
  const limitOf = (price: PriceEntry) => (isGroupPrice(price) ? groupLimit : limit);
  const canIncrement = (price: PriceEntry) => {
    const stock = categoryStock(ticketInfo, entry, price.price_id);
    const current = quantities[price.price_id] ?? 0;
    return stock === undefined || current < stock;
  };

  /** A new time: the choice stays if it fits the new limit, else it is reset (the form hides). */
  const changeTime = (next: CalendarEntry | undefined) => {
    if (countOf(quantities, ordinary) > limitFor(next)) reset();
  };
  const setPushkin = (value: boolean) => {
    setPushkinState(value);
    reset();
  };
  const setSubscriptionMode = (value: boolean) => {
    setSubscriptionState(value);
    setGroupMode(false);
    reset();
  };
  const toggleGroupMode = (value: boolean) => {
    setGroupMode(value);
    if (!value)
      setQuantities(Object.fromEntries(Object.entries(quantities).filter(([id]) => !group.some((g) => String(g.price_id) === id))));
  };

  return {
    pushkin,
    setPushkin,
    subscriptionMode,
    setSubscriptionMode,
    groupMode: activeGroup,
    groupAvailable,
    toggleGroupMode,
    quantities,
    reset,
    ordinary,
    group,
    counted,
    limit,
    chosen,
    groupChosen,
    sums,
    plus,
    minus,
    limitOf,
    canIncrement,
    changeTime,
  };
}
export type TicketChoice = ReturnType<typeof useTicketChoice>;
