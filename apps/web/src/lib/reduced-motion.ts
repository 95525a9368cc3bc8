/** Whether the visitor asked for less motion (false where the browser cannot tell, as in jsdom). */
export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;
