import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanText, yuanToFen } from './admin-money';

describe('seat prices in yuan and fen', () => {
  it('turns typed yuan into whole fen without floating-point drift', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(298)).toBe(29800);
    expect(yuanToFen(1.005)).toBe(101);
  });

  it('turns fen back into yuan for the form, and shows amounts with ¥ and thousands separators', () => {
    expect(fenToYuan(1999)).toBe(19.99);
    expect(yuanText(29800)).toBe('¥298.00');
    expect(yuanText(123456789)).toBe('¥1,234,567.89');
    expect(yuanText(5)).toBe('¥0.05');
  });
});
