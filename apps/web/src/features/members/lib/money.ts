/** Fen (integer, 1/100 yuan) as yuan with two decimals: 29800 -> "298.00". */
export function formatFen(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** "¥298.00" */
export function yuan(fen: number): string {
  return `¥${formatFen(fen)}`;
}
