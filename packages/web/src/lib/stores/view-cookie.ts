import { FIRST_SCREEN_VIEW_COOKIE, isFirstScreenView } from '@hanger/domain';
import { useClothesFilters } from './filters-store';
import { useUiPrefsStore } from './ui-prefs-store';

/**
 * Tells the server whether this browser's Items view is the default one, which the server draws
 * into index.html on a load with nothing stored (the domain's first-screen.ts,
 * docs/first-screen.md): while the saved sort, direction, column count or the session's filters are
 * anything else, the cookie FIRST_SCREEN_VIEW_COOKIE is set and the server leaves the first screen
 * to the app, so that it never shows tiles the app then replaces with others. It carries nothing
 * else.
 */
export function customViewCookie(): string {
  const prefs = useUiPrefsStore.getState();
  const custom = !isFirstScreenView({
    option: prefs.itemSortOption,
    direction: prefs.itemSortDirection,
    cols: prefs.itemGridCols,
    filters: useClothesFilters.getState().filters,
  });
  const secure = location.protocol === 'https:' ? '; secure' : '';
  return custom
    ? `${FIRST_SCREEN_VIEW_COOKIE}=1; path=/; max-age=31536000; samesite=lax${secure}`
    : `${FIRST_SCREEN_VIEW_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

/** Keeps the cookie in step with the Items view from now on. */
export function watchCustomViewCookie(): () => void {
  let written = '';
  const write = () => {
    const cookie = customViewCookie();
    if (cookie === written) return;
    written = cookie;
    document.cookie = cookie;
  };
  write();
  const stopPrefs = useUiPrefsStore.subscribe(write);
  const stopFilters = useClothesFilters.subscribe(write);
  return () => {
    stopPrefs();
    stopFilters();
  };
}
