import { useCallback } from 'react';
import { formatPrice } from '../../../../contract/format-price.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import { kopecks } from '../lib/order-logic.ts';

/** Formats a wire amount (roubles) in the setup's currency and the page's language. */
export function useMoney(): (roubles: number) => string {
  const lang = useLang();
  const { data: setup } = useSetup();
  const currency = setup?.app.currency ?? 'RUB';
  return useCallback((roubles: number) => formatPrice(kopecks(roubles), currency, lang), [currency, lang]);
}
