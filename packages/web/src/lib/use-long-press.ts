import {
  useEffect,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** How long a finger rests on a tile before Select mode starts (the platforms' long press). */
export const LONG_PRESS_MS = 500;
/** A finger moving further than this is scrolling, not pressing. */
export const PRESS_SLOP_PX = 10;

/**
 * After a long press, the click and context menu that the same finger's lift may still bring are
 * the press's, not a tap of their own: they are swallowed before React sees them, wherever they
 * land. A long press usually turns the pressed link into a toggle (Select mode), and that toggle,
 * not the link, is under the finger when it lifts. The next touch or key ends the wait.
 */
function swallowTheLift(): () => void {
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    if (e.type === 'click') stop();
  };
  const stop = () => {
    window.removeEventListener('click', swallow, true);
    window.removeEventListener('contextmenu', swallow, true);
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('keydown', stop, true);
  };
  window.addEventListener('click', swallow, true);
  window.addEventListener('contextmenu', swallow, true);
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('keydown', stop, true);
  return stop;
}

/**
 * A long press on a touch screen (docs/select-many.md: it starts Select mode with the pressed
 * tile). The handlers go on the pressed element: a finger that rests LONG_PRESS_MS calls
 * `onLongPress`; one that moves further than PRESS_SLOP_PX is scrolling and calls nothing; a
 * mouse never long-presses (it has the hover checkbox). The tap that ends the press neither opens
 * nor toggles anything, and the browser's own menu for a link stays away. Without `onLongPress`,
 * no handlers.
 */
export function useLongPress(onLongPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const stopSwallowing = useRef<(() => void) | undefined>(undefined);
  // A press under way ends with the element; a lift already swallowing outlives it.
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!onLongPress) return {};
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    onPointerDown: (e: ReactPointerEvent) => {
      if (e.pointerType === 'mouse') return;
      start.current = { x: e.clientX, y: e.clientY };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        start.current = null;
        stopSwallowing.current?.();
        stopSwallowing.current = swallowTheLift();
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e: ReactPointerEvent) => {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > PRESS_SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // While the finger rests (before the press fires), the link's own menu stays away.
    onContextMenu: (e: ReactMouseEvent) => {
      if (start.current) e.preventDefault();
    },
  };
}
