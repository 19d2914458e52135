import type { SeatTier } from '@app/contracts/training/training.schemas';

/** The tier an order of `quantity` seats pays: the one with the highest starting quantity it reaches. */
export function seatTierFor(tiers: readonly SeatTier[], quantity: number): SeatTier | null {
  let best: SeatTier | null = null;
  for (const t of tiers) if (t.min_quantity <= quantity && (!best || t.min_quantity > best.min_quantity)) best = t;
  return best;
}

export interface SeatQuote {
  tier: SeatTier;
  /** Fen per seat. */
  unit: number;
  /** Fen for the order. */
  total: number;
  /** The next tier up, and how many more seats reach it (to show what a larger order would cost). */
  next: { tier: SeatTier; more: number } | null;
}

/** What an order of `quantity` seats costs at the tiers, or null when no tier applies (nothing on sale, bad count). */
export function seatQuote(tiers: readonly SeatTier[], quantity: number | null | undefined): SeatQuote | null {
  if (!quantity || !Number.isInteger(quantity) || quantity < 1) return null;
  const tier = seatTierFor(tiers, quantity);
  if (!tier) return null;
  const up = [...tiers].filter((t) => t.min_quantity > quantity).sort((a, b) => a.min_quantity - b.min_quantity)[0];
  return {
    tier,
    unit: tier.price,
    total: tier.price * quantity,
    next: up && up.price < tier.price ? { tier: up, more: up.min_quantity - quantity } : null,
  };
}

/** Tiers from the smallest order up. */
export function sortedTiers(tiers: readonly SeatTier[]): SeatTier[] {
  return [...tiers].sort((a, b) => a.min_quantity - b.min_quantity);
}

/** Fen as yuan: 29800 -> "¥298.00" (with thousands separators for large orders). */
export function yuan(fen: number): string {
  const [whole, cents] = (fen / 100).toFixed(2).split('.');
  return `¥${(whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** 从20张起 ¥268.00/张 */
export function tierText(t: SeatTier): string {
  return `从${t.min_quantity}张起 ${yuan(t.price)}/张`;
}
