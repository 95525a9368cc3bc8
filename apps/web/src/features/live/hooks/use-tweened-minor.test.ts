// The first reading of a live figure shows in the very render that brings it: a render with the
// reading but no figure made the jackpot counter vanish for a frame and move the page under it.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linear } from '../utils/tween';
import { useTweenedMinor } from './use-tweened-minor';

describe('useTweenedMinor', () => {
  it('shows the first reading in the render that brings it', () => {
    const seen: (bigint | undefined)[] = [];
    const { rerender } = renderHook(
      ({ target }: { target: string | undefined }) => {
        const shown = useTweenedMinor(target, { durationMs: 1000, easing: linear });
        seen.push(shown);
        return shown;
      },
      { initialProps: { target: undefined as string | undefined } },
    );
    expect(seen).toEqual([undefined]);
    rerender({ target: '12345' });
    const afterReading = seen.slice(1);
    expect(afterReading.length).toBeGreaterThan(0);
    expect(afterReading.every((value) => value === 12345n)).toBe(true);
  });
});
