import { useCallback, useMemo, useReducer } from 'react';
import type { Localized } from '../../../../contract/lang.ts';
import { makeStandingCartId } from '../../../../contract/scheme-codec.ts';

type Text = Partial<Localized>;

/** A seat in the cart; money in kopecks. */
export type CartSeat = {
  kind: 'seat';
  key: string;
  seatId: number;
  index: number;
  sector: Text;
  row: string;
  seat: string;
  zoneId: number;
  priceId: number;
  category: Text;
  price: number;
  fee: number;
};

/** One standing place; several places of one area are several items (id seat_category_random). */
export type CartStanding = {
  kind: 'standing';
  key: string;
  areaId: number;
  categoryId: number;
  name: Text;
  category: Text;
  priceId: number;
  price: number;
  fee: number;
};

export type CartItem = CartSeat | CartStanding;

type Action =
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; key: string }
  | { type: 'standing'; areaId: number; categoryId: number; count: number; template: Omit<CartStanding, 'key'> }
  | { type: 'clear' };

function reduce(items: CartItem[], action: Action): CartItem[] {
  switch (action.type) {
    case 'add':
      return items.some((item) => item.key === action.item.key) ? items : [...items, action.item];
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'clear':
      return items.length === 0 ? items : [];
    case 'standing': {
      const same = (item: CartItem) => item.kind === 'standing' && item.areaId === action.areaId && item.categoryId === action.categoryId;
      const current = items.filter(same);
      if (action.count < current.length) {
        const drop = new Set(current.slice(action.count).map((item) => item.key));
        return items.filter((item) => !drop.has(item.key));
      }
      const added = Array.from({ length: action.count - current.length }, () => ({
        ...action.template,
        key: makeStandingCartId(action.areaId, action.categoryId, randomPart()),
      }));
      return [...items, ...added];
    }
  }
}

/** A short random id part, letters and digits only (the server's cart-id pattern). */
function randomPart(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return [...bytes]
    .map((b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 10);
}

/** The scheme cart: seats and standing places, kept to the event's ticket limit. */
export function useCart(limit: number) {
  const [items, dispatch] = useReducer(reduce, []);
  const totals = useMemo(() => {
    const sum = items.reduce((total, item) => total + item.price, 0);
    const fee = items.reduce((total, item) => total + item.fee, 0);
    return { sum, fee, total: sum + fee };
  }, [items]);
  const add = useCallback((item: CartItem) => dispatch({ type: 'add', item }), []);
  const remove = useCallback((key: string) => dispatch({ type: 'remove', key }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const setStanding = useCallback(
    (template: Omit<CartStanding, 'key'>, count: number) =>
      dispatch({ type: 'standing', areaId: template.areaId, categoryId: template.categoryId, count, template }),
    [],
  );
  return { items, totals, limit, isFull: items.length >= limit, add, remove, clear, setStanding };
}
export type Cart = ReturnType<typeof useCart>;
