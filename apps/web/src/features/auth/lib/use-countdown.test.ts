import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down each second to zero and then stops counting', () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.counting).toBe(false);
    act(() => result.current.start());
    expect(result.current.left).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.left).toBe(0);
    expect(result.current.counting).toBe(false);
  });
});
