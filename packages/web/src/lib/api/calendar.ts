import type { CalendarItemType } from '@hanger/domain';
import { api } from './transport';

/**
 * The calendar calls of docs/spec.md §7: PUT calendar/{date} and DELETE calendar/{date}/{itemId}.
 * Both are sent with keepalive: a change on its way is not in the outbox, and a reload or a tap on
 * a link right after it would otherwise cancel it.
 */

export interface CalendarPutInput {
  clothes?: string[];
  outfits?: string[];
  /** An id stars it; '' clears the star. */
  displayItem?: string;
}

const path = (date: string) => `/calendar/${encodeURIComponent(date)}`;

/** Ids go as repeated multipart fields. */
export async function putCalendarDay(date: string, input: CalendarPutInput): Promise<void> {
  const body = new FormData();
  for (const id of input.clothes ?? []) body.append('clothes', id);
  for (const id of input.outfits ?? []) body.append('outfits', id);
  if (input.displayItem !== undefined) body.set('display_item', input.displayItem);
  await api.put(path(date), { body, keepalive: true });
}

export async function deleteCalendarEntry(
  date: string,
  itemId: string,
  itemType: CalendarItemType,
): Promise<void> {
  await api.delete(`${path(date)}/${encodeURIComponent(itemId)}`, {
    body: new URLSearchParams({ item_type: itemType }),
    keepalive: true,
  });
}
