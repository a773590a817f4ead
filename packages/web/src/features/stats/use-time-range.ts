import { DEFAULT_TIME_RANGE, isTimeRange, type TimeRange } from '@hanger/domain';
import { useCallback, useState } from 'react';

/** The chosen range is remembered for the browser session, like the Items filters (docs/spec.md §4). */
export const STATS_TIME_RANGE_KEY = 'statsTimeRange';

function stored(): TimeRange {
  try {
    const value = sessionStorage.getItem(STATS_TIME_RANGE_KEY);
    return isTimeRange(value) ? value : DEFAULT_TIME_RANGE;
  } catch {
    // Storage can be unavailable (private modes, sandboxed frames): the default still works.
    return DEFAULT_TIME_RANGE;
  }
}

/** The stats screen's time range: 'all' until the user picks another, then that for the session. */
export function useStatsTimeRange(): [TimeRange, (range: TimeRange) => void] {
  const [range, setRange] = useState<TimeRange>(stored);
  const choose = useCallback((next: TimeRange) => {
    setRange(next);
    try {
      sessionStorage.setItem(STATS_TIME_RANGE_KEY, next);
    } catch {
      // Not remembered, but the screen still switches.
    }
  }, []);
  return [range, choose];
}
