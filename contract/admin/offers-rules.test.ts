import { describe, expect, it } from 'vitest';
import { promoBatchRequest, promoCodeSaveRequest } from './offers.ts';
import { CODE_ALPHABET, batchFits, offerStockTotal, percentToBasis, promoState, roublesToKopecks } from './offers-rules.ts';

describe('promo code rules shared by the form and the server', () => {
  it('draws codes from an alphabet without look-alikes', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    for (const c of '01ILO') expect(CODE_ALPHABET).not.toContain(c);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it.each([
    [{ active: false, validFrom: null, validUntil: null }, 'inactive'],
    [{ active: true, validFrom: null, validUntil: 1000 }, 'expired'],
    [{ active: true, validFrom: null, validUntil: 1001 }, 'active'],
    [{ active: true, validFrom: 1001, validUntil: null }, 'upcoming'],
    [{ active: true, validFrom: 1000, validUntil: null }, 'active'],
  ] as const)('tells the state of %o at 1000: %s', (code, state) => {
    expect(promoState(code, 1000)).toBe(state);
  });

  it('converts what is typed to what is stored', () => {
    expect(percentToBasis(12.5)).toBe(1250);
    expect(percentToBasis(0.07)).toBe(7);
    expect(roublesToKopecks(150.1)).toBe(15010);
  });

  it('fits a batch code within the code limits', () => {
    expect(batchFits('', 6)).toBe(true);
    expect(batchFits('P'.repeat(20), 16)).toBe(true);
    expect(batchFits('P'.repeat(49), 16)).toBe(false);
  });

  it('counts an offer total as what is left plus what orders hold', () => {
    expect(offerStockTotal(3, 2)).toBe(5);
    expect(offerStockTotal(null, 2)).toBeNull();
  });

  it('reads a typed code upper-case and trimmed, and refuses what the table refuses', () => {
    const base = { kind: 'percent', value: 1000 };
    expect(promoCodeSaveRequest.parse({ ...base, code: ' зима-2026 ' }).code).toBe('ЗИМА-2026');
    expect(promoCodeSaveRequest.safeParse({ ...base, code: 'ab' }).success).toBe(false);
    expect(promoCodeSaveRequest.safeParse({ ...base, code: 'A'.repeat(65) }).success).toBe(false);
    expect(promoCodeSaveRequest.safeParse({ ...base, code: 'OK1', value: 10_001 }).success).toBe(false);
    expect(promoCodeSaveRequest.safeParse({ kind: 'amount', value: 10_001, code: 'OK1' }).success).toBe(true);
    expect(promoBatchRequest.safeParse({ ...base, prefix: '', count: 10_000, length: 6 }).success).toBe(true);
    expect(promoBatchRequest.safeParse({ ...base, prefix: '', count: 10_001, length: 6 }).success).toBe(false);
  });
});
