/**
 * Keyboard moves within a group where one item is chosen (tabs, a segmented switch), as WAI-ARIA describes them:
 * the index the key moves to from `current` among `count` items, wrapping around, or null for any other key.
 */
export function rovingIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (current + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
