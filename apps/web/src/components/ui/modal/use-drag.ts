import { useCallback, useRef, useState, type PointerEvent } from 'react';

type Offset = { x: number; y: number };

const ORIGIN: Offset = { x: 0, y: 0 };

/** Keeps at least this much of a dragged panel on screen so it can always be dragged back. */
const KEEP_VISIBLE_PX = 48;

const clamp = (value: number, min: number, max: number): number =>
  Math.min(Math.max(value, min), max);

/**
 * Drags a panel by a handle with pointer events (mouse, pen and touch alike). Buttons inside
 * the handle keep their clicks.
 */
export const useDrag = (panel: () => HTMLElement | null) => {
  const [offset, setOffset] = useState<Offset>(ORIGIN);
  const drag = useRef<{
    id: number;
    startX: number;
    startY: number;
    from: Offset;
    rect: DOMRect;
  } | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const element = panel();
      if (event.button !== 0 || !element) return;
      if ((event.target as HTMLElement).closest('button, a, input, select, textarea')) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        id: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: offset,
        rect: element.getBoundingClientRect(),
      };
    },
    [offset, panel],
  );

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const { rect } = state;
    const dx = clamp(
      event.clientX - state.startX,
      KEEP_VISIBLE_PX - rect.right,
      window.innerWidth - KEEP_VISIBLE_PX - rect.left,
    );
    const dy = clamp(
      event.clientY - state.startY,
      -rect.top,
      window.innerHeight - KEEP_VISIBLE_PX - rect.top,
    );
    setOffset({ x: state.from.x + dx, y: state.from.y + dy });
  }, []);

  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  }, []);

  const reset = useCallback(() => setOffset(ORIGIN), []);

  return {
    offset,
    reset,
    handleProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
};
