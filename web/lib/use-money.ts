import { useCallback } from 'react';
import { formatPrice, toKopecks } from '../../contract/format-price.ts';
import { useLang } from './use-lang.ts';
import { useSetup } from './use-setup.ts';

/** The setup's currency and the page's language, for formatPrice. */
function useMoneyFormat() {
  const lang = useLang();
  const { data: setup } = useSetup();
  return { lang, currency: setup?.app.currency ?? 'RUB' };
}

/** Formats integer kopecks (the event and scheme pages' own sums) in the setup's currency and the page's language. */
export function useFormatKopecks(): (kopecks: number) => string {
  const { lang, currency } = useMoneyFormat();
  return useCallback((kopecks: number) => formatPrice(kopecks, currency, lang), [currency, lang]);
}

/** Formats a wire amount (roubles, at most two decimals) in the setup's currency and the page's language. */
export function useFormatRoubles(): (roubles: number) => string {
  const { lang, currency } = useMoneyFormat();
  return useCallback((roubles: number) => formatPrice(toKopecks(roubles), currency, lang), [currency, lang]);
}
