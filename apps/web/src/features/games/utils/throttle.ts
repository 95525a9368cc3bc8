/**
 * A leading-edge gate: the first call in each window runs, the rest inside it are dropped
 * (spec section 9: the favourite toggle runs at most once per 1000 ms). Returns whether the
 * call ran, so the caller can tell the member nothing happened.
 */
export const createThrottle = (windowMs: number, now: () => number = () => Date.now()) => {
  let last = Number.NEGATIVE_INFINITY;
  return (action: () => void): boolean => {
    const at = now();
    if (at - last < windowMs) return false;
    last = at;
    action();
    return true;
  };
};

/** Spec section 9: favourite toggle throttle. */
export const FAVOURITE_TOGGLE_MS = 1000;
