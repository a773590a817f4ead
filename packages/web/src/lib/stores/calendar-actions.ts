import {
  ERROR_TOASTS,
  SUCCESS_TOASTS,
  addToDay,
  removeFromDay,
  toggleDisplayItem,
  type DayEntryType,
} from '@hanger/domain';
import { NoUserError, deleteCalendarEntry, putCalendarDay, toCatalogueError } from '../api-client';
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/** Calendar changes: local first, never rolled back, an error toast on failure (SPEC §4). */

function failed(title: string, err: unknown): void {
  if (err instanceof NoUserError) return;
  toast.error(title, toCatalogueError(err).message);
}

/** The day picker's save: adds the chosen items and outfits to the day. */
export async function addToCalendarDay(
  day: string,
  add: { clothes?: string[]; outfits?: string[] },
): Promise<boolean> {
  const clothes = add.clothes ?? [];
  const outfits = add.outfits ?? [];
  if (clothes.length === 0 && outfits.length === 0) return true;
  useWardrobeStore
    .getState()
    .update((d) => ({ ...d, calendar: addToDay(d.calendar, day, { clothes, outfits }) }));
  try {
    await putCalendarDay(day, { clothes, outfits });
    toast.success(SUCCESS_TOASTS.calendarUpdated);
    return true;
  } catch (err) {
    failed(ERROR_TOASTS.updateCalendar, err);
    return false;
  }
}

/** Star: sets the day's display item, or clears it when it already is `id`. */
export async function toggleCalendarDisplayItem(day: string, id: string): Promise<boolean> {
  const store = useWardrobeStore.getState();
  store.update((d) => ({ ...d, calendar: toggleDisplayItem(d.calendar, day, id) }));
  const displayItem = useWardrobeStore.getState().data?.calendar[day]?.displayItem ?? '';
  try {
    await putCalendarDay(day, { displayItem });
    toast.success(SUCCESS_TOASTS.calendarUpdated);
    return true;
  } catch (err) {
    failed(ERROR_TOASTS.updateCalendar, err);
    return false;
  }
}

/** Removes one item or outfit from a day; a display item it was is cleared too. */
export async function removeFromCalendarDay(
  day: string,
  type: DayEntryType,
  id: string,
): Promise<boolean> {
  useWardrobeStore
    .getState()
    .update((d) => ({ ...d, calendar: removeFromDay(d.calendar, day, type, id) }));
  try {
    await deleteCalendarEntry(day, id, type);
    toast.success(SUCCESS_TOASTS.calendarItemDeleted);
    return true;
  } catch (err) {
    failed(ERROR_TOASTS.deleteCalendarItem, err);
    return false;
  }
}
