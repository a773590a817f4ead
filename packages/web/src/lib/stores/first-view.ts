import { clampGridCols, responsiveGridCols } from '@hanger/domain';
import { create } from 'zustand';
import {
  firstViewSupported,
  opensOnItemsTab,
  serverDrewFirstScreen,
  type FirstViewPreview,
} from '../api/first-view';
import { releaseFirstViewWorker, type FirstViewRequest } from '../api/parse-off-thread';
import { useClothesFilters } from './filters-store';
import { useSessionStore } from './session-store';
import { useUiPrefsStore } from './ui-prefs-store';

/**
 * The head of the Items view, read ahead of the whole wardrobe on a first load
 * (docs/first-screen.md; see api/first-view.ts). The Items grid shows it while the wardrobe store
 * is still empty; once the wardrobe is there (the stored copy or the answer), the grid shows that
 * and this is dropped. Kept apart from the wardrobe store: it is never persisted, counted or read
 * by other screens.
 */
export const useFirstViewStore = create<{ preview: FirstViewPreview | null }>()(() => ({
  preview: null,
}));

/** Whether the wardrobe store is still empty (set by wardrobe-store.ts, which imports this). */
let wardrobeMissing: () => boolean = () => true;

export function watchWardrobeForFirstView(missing: () => boolean): void {
  wardrobeMissing = missing;
}

/** The wardrobe is there, or failed, or the user left: the head read ahead is done with. */
export function clearFirstView(): void {
  releaseFirstViewWorker();
  if (useFirstViewStore.getState().preview) useFirstViewStore.setState({ preview: null });
}

/** Records enough for the first screen at any column count, and the rows drawn below it. */
function firstScreenCount(): number {
  const saved = clampGridCols(useUiPrefsStore.getState().itemGridCols ?? undefined);
  const width = Math.max(1, window.innerWidth || 390);
  const height = window.innerHeight || 844;
  // One column more than 'auto' gives: the window may yet be a little wider than read here.
  const cols = saved ?? responsiveGridCols(width) + 1;
  return Math.max(24, cols * (Math.ceil((height * cols) / width) + 4));
}

/**
 * What to ask the parse worker for ahead of the wardrobe: the Items view this page opens on, in
 * the saved sort and the session's filters; undefined elsewhere, for a sort not served, or when
 * the server drew that first screen already.
 */
export function firstViewRequest(): FirstViewRequest | undefined {
  if (!opensOnItemsTab() || serverDrewFirstScreen()) return undefined;
  const { itemSortOption: option, itemSortDirection: direction } = useUiPrefsStore.getState();
  if (!firstViewSupported(option)) return undefined;
  return {
    query: {
      filters: { ...useClothesFilters.getState().filters },
      option,
      direction,
      // The grid sorts the head in the settings kept from the last visit: the same locale.
      locale: useSessionStore.getState().user?.settings.locale,
      count: firstScreenCount(),
    },
    onFirstView: (preview) => {
      // A stored copy is on screen already (a repeat visit to a changed wardrobe): it stays.
      if (!wardrobeMissing()) return;
      useFirstViewStore.setState({ preview });
      return firstScreenShown();
    },
  };
}

/** The longest the first screen's photos are waited for. */
const PHOTOS_WAIT_MS = 1000;

/**
 * Settles once the Items grid's photos on screen have loaded (or failed), after the frame that
 * draws them; at once when there is no grid (the user went elsewhere), after PHOTOS_WAIT_MS at
 * the latest.
 */
function firstScreenShown(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PHOTOS_WAIT_MS);
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    requestAnimationFrame(() =>
      setTimeout(() => {
        const height = window.innerHeight;
        const waiting = [
          ...document.querySelectorAll<HTMLImageElement>('[role="list"][aria-label="Items"] img'),
        ].filter((img) => !img.complete && img.getBoundingClientRect().top < height);
        let left = waiting.length;
        if (left === 0) return finish();
        const one = () => {
          if (--left === 0) finish();
        };
        for (const img of waiting) {
          img.addEventListener('load', one, { once: true });
          img.addEventListener('error', one, { once: true });
        }
      }, 0),
    );
  });
}
