import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { prefersReducedMotion } from '@/lib/reduced-motion';

export type CarouselOptions = {
  /** Wrap from the last slide to the first. */
  loop: boolean;
  /** Move on by itself every autoplayMs; false for one slide or when the visitor paused it. */
  autoplay: boolean;
  autoplayMs: number;
  /** How long a change of slide feels, as a CSS ease transition of that length would. */
  speedMs: number;
  /** Swipe on touch screens and drag with a mouse. */
  draggable: boolean;
};

// Embla sizes its slides and follows them with these observers; a browser without them (jsdom
// in the unit tests) shows the slides as laid out, without moving them.
const canMeasure = (): boolean =>
  typeof ResizeObserver === 'function' && typeof IntersectionObserver === 'function';

// Embla's duration is not in milliseconds but the inverse of a spring's pull (default 25): at
// 60 frames a second a duration d covers 90% of the way in about 16.5 d ms, where a CSS ease
// transition of t ms does in 0.6 t. So t / 28 feels like the ease transition of t ms.
const emblaDuration = (speedMs: number): number => Math.max(1, Math.round(speedMs / 28));

/**
 * A carousel on Embla: the viewport ref, the selected slide and the moves for arrows, dots and
 * keys. Autoplay stops while a mouse points at the carousel or the keyboard focus is in it
 * (WCAG 2.2.2), for visitors who ask for reduced motion (who also see slides change without
 * sliding), and during a swipe, after which it goes on.
 */
export const useCarousel = ({
  loop,
  autoplay,
  autoplayMs,
  speedMs,
  draggable,
}: CarouselOptions) => {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [measurable] = useState(canMeasure);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selectedIndex, setSelectedIndex] = useState(0);
  // The plugin is made once: Embla re-creates the carousel whenever its plugin list changes.
  const [plugins] = useState(() => [
    Autoplay({
      delay: autoplayMs,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [setViewport, api] = useEmblaCarousel(
    {
      // Slides line up from the left edge, as they did on Swiper; Embla centres by default.
      align: 'start',
      loop,
      duration: reducedMotion ? 0 : emblaDuration(speedMs),
      watchDrag: draggable,
    },
    plugins,
  );
  const playing = autoplay && !reducedMotion && !hovered && !focused;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelectedIndex(api.selectedScrollSnap());
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  useEffect(() => {
    if (!api) return;
    // Embla sets its plugins up again on every resize, stopped, and a swipe stops autoplay:
    // both times it starts again from a full delay when it should be playing.
    const apply = () => {
      const { autoplay: plugin } = api.plugins();
      if (playing) plugin.play();
      else plugin.stop();
    };
    apply();
    api.on('reInit', apply).on('pointerUp', apply);
    return () => {
      api.off('reInit', apply).off('pointerUp', apply);
    };
  }, [api, playing]);

  // A move by the visitor gives the slide it lands on a full delay before autoplay moves on.
  const move = (to: (carousel: NonNullable<typeof api>) => void) => {
    if (!api) return;
    to(api);
    api.plugins().autoplay.reset();
  };
  const scrollPrev = () => move((carousel) => carousel.scrollPrev());
  const scrollNext = () => move((carousel) => carousel.scrollNext());
  const scrollTo = (index: number) => move((carousel) => carousel.scrollTo(index));

  return {
    // A callback ref (Embla starts once the viewport element exists).
    setViewport: measurable ? setViewport : undefined,
    selectedIndex,
    playing,
    scrollPrev,
    scrollNext,
    scrollTo,
    /** For the carousel's root element: pointer and focus pause autoplay. */
    rootProps: {
      onPointerEnter: (event: PointerEvent) => {
        // A touch also enters the element, and would pause the carousel until the next tap.
        if (event.pointerType === 'mouse') setHovered(true);
      },
      onPointerLeave: () => setHovered(false),
      onFocus: (event: FocusEvent) => {
        // Keyboard focus only: a tap on a dot moves the carousel on and lets it play.
        setFocused(event.target.matches(':focus-visible'));
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
    /** Left and right arrow keys, for a carousel whose controls take the keyboard focus. */
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') scrollPrev();
      else if (event.key === 'ArrowRight') scrollNext();
      else return;
      event.preventDefault();
    },
  };
};
