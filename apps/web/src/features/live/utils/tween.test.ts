import { describe, expect, it } from 'vitest';
import { easeOutCubic, interpolateMinor } from './tween';

describe('interpolateMinor', () => {
  it('starts at the old figure and ends exactly at the new one', () => {
    expect(interpolateMinor(100n, 900n, 0)).toBe(100n);
    expect(interpolateMinor(100n, 900n, 1)).toBe(900n);
    expect(interpolateMinor(100n, 900n, 0.5)).toBe(500n);
  });

  it('moves down as well as up, and never past either end', () => {
    expect(interpolateMinor(900n, 100n, 0.25)).toBe(700n);
    expect(interpolateMinor(900n, 100n, 2)).toBe(100n);
    expect(interpolateMinor(900n, 100n, -1)).toBe(900n);
  });

  it('keeps every digit of amounts beyond floating point', () => {
    const from = 9_007_199_254_740_993n;
    expect(interpolateMinor(from, from + 2n, 0.5)).toBe(from + 1n);
  });
});

describe('easeOutCubic', () => {
  it('runs from 0 to 1, most of the way early', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.8);
  });
});
