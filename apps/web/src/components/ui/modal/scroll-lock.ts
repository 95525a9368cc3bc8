/**
 * Locks the page behind open modals and puts it back exactly where it was (spec section 2,
 * Generic modal). Pinning the body with `position: fixed` works on iOS Safari too, where
 * `overflow: hidden` alone still lets the page scroll. Nested modals share one lock.
 */
let holders = 0;
let savedScrollY = 0;
let savedStyle = '';

const restoreScroll = (y: number): void => {
  // 'instant' beats a smooth `scroll-behavior` set on <html>.
  window.scrollTo({ top: y, left: 0, behavior: 'instant' });
};

export const lockBodyScroll = (): (() => void) => {
  const { body, documentElement } = document;
  if (holders === 0) {
    savedScrollY = window.scrollY;
    savedStyle = body.getAttribute('style') ?? '';
    const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
    body.style.position = 'fixed';
    body.style.top = `-${savedScrollY}px`;
    body.style.left = '0';
    body.style.right = '0';
    body.style.overflow = 'hidden';
    if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    if (savedStyle) body.setAttribute('style', savedStyle);
    else body.removeAttribute('style');
    restoreScroll(savedScrollY);
  };
};
