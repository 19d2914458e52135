/** Seat prices: staff type yuan (two decimals), the wire carries integer fen. */

/**
 * 19.99 -> 1999, rounded half up to the fen. The product is cut to 6 decimals first: in floating point 19.99 * 100 is
 * 1998.9999… and 1.005 * 100 is 100.4999…, which a plain Math.round would take a fen down.
 */
export function yuanToFen(yuan: number): number {
  return Math.round(Number((yuan * 100).toFixed(6)));
}

/** 1999 -> 19.99, for a form's yuan field. */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** 123456789 -> ¥1,234,567.89 */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}
