import { useEffect, useRef, useState } from 'react';
import { interpolateMinor } from '../utils/tween';
import { prefersReducedMotion } from '@/lib/reduced-motion';

/**
 * A figure that moves smoothly to each new reading instead of jumping (issue 6 item 7: "animated
 * smoothly between real updates"). It only ever shows values between two real readings: the
 * first reading shows at once, each later one is reached over `durationMs` along `easing`.
 * With reduced motion asked for, it jumps.
 */
export const useTweenedMinor = (
  target: string | undefined,
  options: { durationMs: number; easing: (t: number) => number },
): bigint | undefined => {
  const [shown, setShown] = useState<bigint | undefined>(
    target === undefined ? undefined : BigInt(target),
  );
  const shownRef = useRef(shown);
  const { durationMs, easing } = options;

  useEffect(() => {
    if (target === undefined) return;
    const to = BigInt(target);
    const from = shownRef.current;
    const set = (value: bigint) => {
      shownRef.current = value;
      setShown(value);
    };
    if (from === undefined || from === to || prefersReducedMotion()) {
      set(to);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / durationMs);
      set(interpolateMinor(from, to, easing(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, easing]);

  // The first reading shows in the render that brings it, not one render later (a counter that
  // rendered nothing in between came and went, moving the page under it).
  return shown ?? (target === undefined ? undefined : BigInt(target));
};
