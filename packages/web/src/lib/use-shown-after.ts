import { useEffect, useState } from 'react';

/**
 * Whether something that has been going on (`active`) for `delayMs` should show now: false until
 * then, and false again as soon as it stops. A wait that ends sooner shows nothing, so a quick one
 * never flashes an indicator (nor animates one for nobody).
 */
export function useShownAfter(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
