import { DEFAULT_ITEM_FILTERS, FIRST_SCREEN_VIEW_COOKIE, type ItemFilters } from '@hanger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClothesFilters } from './filters-store';
import { useUiPrefsStore } from './ui-prefs-store';
import { customViewCookie, watchCustomViewCookie } from './view-cookie';

const SET = `${FIRST_SCREEN_VIEW_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
const CLEAR = `${FIRST_SCREEN_VIEW_COOKIE}=; path=/; max-age=0; samesite=lax`;

function resetView(): void {
  useUiPrefsStore.getState().reset();
  useClothesFilters.getState().reset();
}

/** Whether the browser holds the cookie now (what it would send to the server). */
function cookieSent(): boolean {
  return document.cookie.split(/;\s*/).includes(`${FIRST_SCREEN_VIEW_COOKIE}=1`);
}

/** Every value written to document.cookie from now on (and still written through). */
function recordCookieWrites(): { writes: string[]; restore: () => void } {
  let proto: object | null = document;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (!descriptor) proto = Object.getPrototypeOf(proto) as object | null;
  }
  if (!descriptor?.set || !descriptor.get) throw new Error('document.cookie has no accessor');
  const { get, set } = descriptor;
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => get.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      set.call(document, value);
    },
  });
  return {
    writes,
    restore: () => {
      delete (document as unknown as Record<string, unknown>).cookie;
    },
  };
}

beforeEach(() => {
  resetView();
  document.cookie = CLEAR;
});
afterEach(() => {
  resetView();
  document.cookie = CLEAR;
});

describe('customViewCookie', () => {
  it('clears the cookie for the default view (over http, no secure flag)', () => {
    expect(location.protocol).toBe('http:');
    expect(customViewCookie()).toBe(CLEAR);
  });

  it('sets it for another sort option, and clears it again on Date Created', () => {
    useUiPrefsStore.getState().setItemSort('Brand');
    expect(customViewCookie()).toBe(SET);
    useUiPrefsStore.getState().setItemSort('Date Obtained');
    expect(customViewCookie()).toBe(SET);
    useUiPrefsStore.getState().setItemSort('Date Created');
    expect(customViewCookie()).toBe(CLEAR);
  });

  it('sets it for the ascending direction', () => {
    useUiPrefsStore.getState().setItemSortDirection('asc');
    expect(customViewCookie()).toBe(SET);
    useUiPrefsStore.getState().setItemSortDirection('desc');
    expect(customViewCookie()).toBe(CLEAR);
  });

  it('sets it for a saved column count, and clears it for auto (null)', () => {
    useUiPrefsStore.getState().setItemGridCols(3);
    expect(customViewCookie()).toBe(SET);
    useUiPrefsStore.getState().setItemGridCols(null);
    expect(customViewCookie()).toBe(CLEAR);
  });

  it.each<[string, ItemFilters]>([
    ['status archived', { status: 'archived' }],
    ['status wishlist', { status: 'wishlist' }],
    ['a category', { ...DEFAULT_ITEM_FILTERS, category: 'top' }],
    ['a subcategory', { ...DEFAULT_ITEM_FILTERS, subCategory: 'tee' }],
    ['a source', { ...DEFAULT_ITEM_FILTERS, source: 'gifted' }],
    ['obtained this year', { ...DEFAULT_ITEM_FILTERS, dateObtained: 'this year' }],
  ])('sets it for filters with %s, and clears it on Clear All', (_what, filters) => {
    useClothesFilters.getState().setFilters(filters);
    expect(customViewCookie()).toBe(SET);
    useClothesFilters.getState().reset();
    expect(customViewCookie()).toBe(CLEAR);
  });

  it('does not care about the Outfits view', () => {
    useUiPrefsStore.getState().setOutfitSort('Times Worn', 'asc');
    useUiPrefsStore.getState().setOutfitGridCols(4);
    expect(customViewCookie()).toBe(CLEAR);
  });

  it('adds the secure flag over https', () => {
    const { happyDOM } = window as unknown as { happyDOM?: { setURL(url: string): void } };
    if (!happyDOM) throw new Error('not happy-dom');
    const before = location.href;
    happyDOM.setURL('https://hanger.example/items');
    try {
      expect(customViewCookie()).toBe(`${CLEAR}; secure`);
      useUiPrefsStore.getState().setItemSort('Brand');
      expect(customViewCookie()).toBe(`${SET}; secure`);
    } finally {
      happyDOM.setURL(before);
    }
  });
});

describe('watchCustomViewCookie', () => {
  let recorder: ReturnType<typeof recordCookieWrites>;
  let stop: (() => void) | undefined;

  beforeEach(() => {
    recorder = recordCookieWrites();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    recorder.restore();
  });

  it('writes the cookie at once, then only when the view changes between default and not', () => {
    stop = watchCustomViewCookie();
    expect(recorder.writes).toEqual([CLEAR]);
    expect(cookieSent()).toBe(false);

    useUiPrefsStore.getState().setItemSort('Brand');
    expect(recorder.writes).toEqual([CLEAR, SET]);
    expect(cookieSent()).toBe(true);

    // Still not the default: nothing new to write.
    useUiPrefsStore.getState().setItemSortDirection('asc');
    useUiPrefsStore.getState().setItemGridCols(4);
    useClothesFilters.getState().setFilters({ status: 'archived' });
    expect(recorder.writes).toEqual([CLEAR, SET]);

    // Back step by step: the cookie goes only when the whole view is the default again.
    useUiPrefsStore.getState().setItemSort('Date Created');
    useUiPrefsStore.getState().setItemSortDirection('desc');
    useUiPrefsStore.getState().setItemGridCols(null);
    expect(recorder.writes).toEqual([CLEAR, SET]);
    expect(cookieSent()).toBe(true);
    useClothesFilters.getState().reset();
    expect(recorder.writes).toEqual([CLEAR, SET, CLEAR]);
    expect(cookieSent()).toBe(false);
  });

  it('writes nothing for changes that leave the view as it was', () => {
    stop = watchCustomViewCookie();
    expect(recorder.writes).toEqual([CLEAR]);
    useUiPrefsStore.getState().setOutfitSort('Times Worn', 'asc');
    useUiPrefsStore.getState().setItemSort('Date Created', 'desc');
    useClothesFilters.getState().setFilters({ ...DEFAULT_ITEM_FILTERS });
    useClothesFilters.getState().reset();
    expect(recorder.writes).toEqual([CLEAR]);
  });

  it('starts with the cookie set when the stored view is not the default', () => {
    useUiPrefsStore.getState().setItemGridCols(6);
    stop = watchCustomViewCookie();
    expect(recorder.writes).toEqual([SET]);
    expect(cookieSent()).toBe(true);
  });

  it('stops writing once stopped', () => {
    stop = watchCustomViewCookie();
    stop();
    stop = undefined;
    useUiPrefsStore.getState().setItemSort('Brand');
    useClothesFilters.getState().setFilters({ status: 'loaned' });
    expect(recorder.writes).toEqual([CLEAR]);
  });

  it('follows the filters store on its own (a filter set from another screen)', () => {
    stop = watchCustomViewCookie();
    const write = vi.fn();
    const unsubscribe = useClothesFilters.subscribe(write);
    useClothesFilters.getState().setFilters({ ...DEFAULT_ITEM_FILTERS, source: 'preloved' });
    unsubscribe();
    expect(write).toHaveBeenCalledTimes(1);
    expect(recorder.writes).toEqual([CLEAR, SET]);
  });
});
