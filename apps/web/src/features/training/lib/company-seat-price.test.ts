import { describe, expect, it } from 'vitest';
import type { SeatTier } from '@app/contracts/training/training.schemas';
import { seatQuote, seatTierFor, sortedTiers, tierText, yuan } from './company-seat-price';

// Given out of order, as staff may have entered them.
const TIERS: SeatTier[] = [
  { id: 3, min_quantity: 100, price: 23800 },
  { id: 1, min_quantity: 1, price: 29800 },
  { id: 2, min_quantity: 20, price: 26800 },
];

describe('seat tier prices', () => {
  it('charges an order the tier with the highest starting count it reaches', () => {
    expect(seatTierFor(TIERS, 1)?.id).toBe(1);
    expect(seatTierFor(TIERS, 19)?.id).toBe(1);
    expect(seatTierFor(TIERS, 20)?.id).toBe(2);
    expect(seatTierFor(TIERS, 99)?.id).toBe(2);
    expect(seatTierFor(TIERS, 5000)?.id).toBe(3);
  });

  it('quotes 25 seats at the 20-seat price, and what the next tier would save', () => {
    expect(seatQuote(TIERS, 25)).toEqual({
      tier: TIERS[2],
      unit: 26800,
      total: 25 * 26800,
      next: { tier: TIERS[0], more: 75 },
    });
    expect(seatQuote(TIERS, 100)?.next).toBeNull();
  });

  it('quotes nothing for a count one order cannot buy, or when no tier starts low enough', () => {
    expect(seatQuote(TIERS, 0)).toBeNull();
    expect(seatQuote(TIERS, null)).toBeNull();
    expect(seatQuote(TIERS, 2.5)).toBeNull();
    expect(seatQuote([], 10)).toBeNull();
    expect(seatQuote([{ id: 9, min_quantity: 10, price: 100 }], 5)).toBeNull();
  });

  it('reads tiers from the smallest order up, in yuan with thousands separators', () => {
    expect(sortedTiers(TIERS).map(tierText)).toEqual(['从1张起 ¥298.00/张', '从20张起 ¥268.00/张', '从100张起 ¥238.00/张']);
    expect(yuan(5000 * 23800)).toBe('¥1,190,000.00');
    expect(yuan(5)).toBe('¥0.05');
  });
});
