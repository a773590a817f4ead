import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, outfit, signedInWith, wardrobeOf } from '../../test-utils/fixtures';
import { fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import {
  addToCalendarDay,
  daysWithFailures,
  describeChange,
  discardCalendarDay,
  entrySyncState,
  failedChanges,
  removeFromCalendarDay,
  retryCalendarDay,
  toggleCalendarDisplayItem,
  useCalendarSync,
} from './calendar-actions';
import { useToastStore } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

const DAY = '2024-03-05';
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);
const calendar = () => useWardrobeStore.getState().data!.calendar;
const changes = () => useCalendarSync.getState().changes;

beforeEach(() => {
  clearAccessToken();
  useCalendarSync.setState({ changes: [] });
  signedInWith(
    wardrobeOf([item('tee'), item('jeans')], [outfit('look', ['tee', 'jeans'])], {
      [DAY]: { clothes: ['tee'], outfits: [] },
    }),
  );
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('calendar changes that fail are shown as not saved', () => {
  it('keeps a failed add on the day, marks its tiles failed, and says so', async () => {
    fakeServer({ [`PUT /api/calendar/${DAY}`]: () => json({ detail: 'Unknown id' }, 404) });
    expect(await addToCalendarDay(DAY, { clothes: ['jeans'], outfits: ['look'] })).toBe(false);
    // Local first, not rolled back (docs/spec.md §4)…
    expect(calendar()[DAY]).toEqual({ clothes: ['tee', 'jeans'], outfits: ['look'] });
    // …but not passed off as saved.
    expect(entrySyncState(changes(), DAY, 'clothes', 'jeans')).toBe('failed');
    expect(entrySyncState(changes(), DAY, 'outfits', 'look')).toBe('failed');
    expect(entrySyncState(changes(), DAY, 'clothes', 'tee')).toBeUndefined();
    expect([...daysWithFailures(changes())]).toEqual([DAY]);
    expect(failedChanges(changes(), DAY)[0]?.message).toBe('Unknown id');
    expect(describeChange(failedChanges(changes(), DAY)[0]!.change)).toBe(
      'Adding an item and an outfit',
    );
    expect(toastTitles()).toEqual(['Failed to update calendar']);
  });

  it('retries a failed day and clears the mark once the server takes it', async () => {
    let fail = true;
    const server = fakeServer({
      [`PUT /api/calendar/${DAY}`]: () => (fail ? json({}, 500) : json({})),
    });
    await addToCalendarDay(DAY, { clothes: ['jeans'] });
    expect(failedChanges(changes())).toHaveLength(1);
    fail = false;
    expect(await retryCalendarDay(DAY)).toBe(true);
    expect(changes()).toEqual([]);
    expect(server.apiCalls()).toHaveLength(2);
    expect((server.apiCalls()[1]?.body as FormData).getAll('clothes')).toEqual(['jeans']);
    expect(calendar()[DAY]?.clothes).toEqual(['tee', 'jeans']);
    expect(toastTitles()).toContain('Calendar updated successfully');
  });

  it('takes an unsaved entry off the day without asking the server', async () => {
    const server = fakeServer({ [`PUT /api/calendar/${DAY}`]: () => json({}, 422) });
    await addToCalendarDay(DAY, { clothes: ['jeans'] });
    expect(await removeFromCalendarDay(DAY, 'clothes', 'jeans')).toBe(true);
    expect(server.apiCalls().map((c) => c.method)).toEqual(['PUT']);
    expect(calendar()[DAY]?.clothes).toEqual(['tee']);
    expect(failedChanges(changes())).toEqual([]);
  });

  it('discards failed changes and shows what the server holds', async () => {
    fakeServer({
      [`DELETE /api/calendar/${DAY}/tee`]: () => json({}, 503),
      'GET /api/users': () =>
        json({ clothes: {}, outfits: {}, calendar: { [DAY]: { clothes: ['tee'], outfits: [] } } }),
    });
    await removeFromCalendarDay(DAY, 'clothes', 'tee');
    expect(calendar()[DAY]).toBeUndefined();
    expect(describeChange(failedChanges(changes())[0]!.change)).toBe('Removing an item');
    expect(toastTitles()).toEqual(['Failed to delete calendar item']);
    await discardCalendarDay(DAY);
    expect(changes()).toEqual([]);
    expect(calendar()[DAY]).toEqual({ clothes: ['tee'], outfits: [] });
  });

  it('lets a later star replace a failed one', async () => {
    let status = 500;
    fakeServer({ [`PUT /api/calendar/${DAY}`]: () => json({}, status) });
    await toggleCalendarDisplayItem(DAY, 'tee');
    expect(calendar()[DAY]?.displayItem).toBe('tee');
    expect(failedChanges(changes())).toHaveLength(1);
    status = 200;
    await toggleCalendarDisplayItem(DAY, 'tee');
    expect(calendar()[DAY]?.displayItem).toBeUndefined();
    expect(changes()).toEqual([]);
  });
});

describe('logging twice', () => {
  it('sends nothing for what is already on the day', async () => {
    const server = fakeServer({ [`PUT /api/calendar/${DAY}`]: () => json({}) });
    expect(await addToCalendarDay(DAY, { clothes: ['tee', 'tee'] })).toBe(true);
    expect(server.apiCalls()).toEqual([]);
    await addToCalendarDay(DAY, { clothes: ['tee', 'jeans', 'jeans'] });
    expect((server.apiCalls()[0]?.body as FormData).getAll('clothes')).toEqual(['jeans']);
    expect(calendar()[DAY]?.clothes).toEqual(['tee', 'jeans']);
  });
});
