import { describe, expect, it } from 'vitest';
import { formatLearnDuration } from './learn-duration';

describe('learning durations', () => {
  it('are minutes and seconds under an hour, never a clock form that reads as hours', () => {
    expect(formatLearnDuration(510)).toBe('8分30秒');
    expect(formatLearnDuration(480)).toBe('8分钟');
    expect(formatLearnDuration(45)).toBe('45秒');
    expect(formatLearnDuration(3599)).toBe('59分59秒');
  });

  it('are hours to one decimal from an hour on, without a trailing .0', () => {
    expect(formatLearnDuration(3600)).toBe('1小时');
    expect(formatLearnDuration(4320)).toBe('1.2小时');
    expect(formatLearnDuration(3675)).toBe('1小时');
    expect(formatLearnDuration(36 * 3600 + 1800)).toBe('36.5小时');
    expect(formatLearnDuration(9.96 * 3600)).toBe('10小时');
  });

  it('say 0分钟 for no study and for values that are not a count of seconds', () => {
    expect(formatLearnDuration(0)).toBe('0分钟');
    expect(formatLearnDuration(0.4)).toBe('0分钟');
    expect(formatLearnDuration(-5)).toBe('0分钟');
    expect(formatLearnDuration(Number.NaN)).toBe('0分钟');
  });
});
