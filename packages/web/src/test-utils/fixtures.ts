import { settings as settingsWith, wardrobe } from '@hanger/domain/testing';
import type { User, WardrobeData } from '@hanger/domain';
import { act } from '@testing-library/react';
import { useClothesFilters, useOutfitsFilters } from '../lib/stores/filters-store';
import { useSessionStore } from '../lib/stores/session-store';
import { useUiPrefsStore } from '../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';

/** The domain's test builders, and what the web's tests add: a signed-in user in the stores. */
export { item, outfit } from '@hanger/domain/testing';

/** The wardrobe holding these items, outfits and calendar days. */
export const wardrobeOf = wardrobe;

/** Default settings, with weeks starting on Monday. */
export const settings = settingsWith({ weekStart: 1 });

export const user: User = { uid: 'u1', displayName: 'Ada', email: 'ada@example.com', settings };

/** A signed-in user (the fixture's unless given) with this wardrobe, or none yet, in the stores. */
export function signedInWith(data: WardrobeData | null, who: User = user): void {
  useSessionStore.setState({ user: who, status: 'signedIn', syncing: false });
  useWardrobeStore.setState({ data, hydrated: true });
}

/** Nobody signed in, no wardrobe, default preferences and filters: a screen test's clean-up. */
export function signedOut(): void {
  act(() => {
    useWardrobeStore.setState({ data: null });
    useSessionStore.setState({ user: null });
    useUiPrefsStore.getState().reset();
    useClothesFilters.getState().reset();
    useOutfitsFilters.getState().reset();
  });
}
