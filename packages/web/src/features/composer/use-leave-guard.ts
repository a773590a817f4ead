import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';

interface LeaveGuard {
  /** A navigation the guard stopped (browser back, a link): confirm with proceed, or reset. */
  blocker: Blocker;
  /** Lets the next navigation through: after a save, or once the user chose to discard. */
  allow: () => void;
}

/**
 * Keeps unsaved canvas work from being lost: in-app navigation and the browser's back button
 * are stopped while `guard()` answers true (react-router's blocker), and closing or reloading
 * the tab asks first while `dirty` is true (beforeunload).
 */
export function useLeaveGuard(dirty: boolean, guard: () => boolean): LeaveGuard {
  const allowed = useRef(false);
  const guardRef = useRef(guard);
  useEffect(() => {
    guardRef.current = guard;
  });

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        !allowed.current &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search) &&
        guardRef.current(),
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allow = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allow };
}
