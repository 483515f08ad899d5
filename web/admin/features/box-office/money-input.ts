/**
 * A sum the cashier typed in roubles ('1500', '1 500,50', '1500.5') as kopecks: undefined when
 * the field is empty, NaN when it is not a sum of whole kopecks.
 */
export function parseRoubles(text: string): number | undefined {
  const plain = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (plain === '') return undefined;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
